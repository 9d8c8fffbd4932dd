/**
 * A content's document reference as an id: the API takes and may give back an IRI (`/api/documents/3`,
 * the demo data's form) or a bare id; the editors and react-admin's reference inputs work on ids.
 */
export function documentIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string') {
    const match = /^(?:\/api\/documents\/)?(\d{1,9})$/.exec(value);
    if (match) return Number(match[1]);
  }
  return undefined;
}
