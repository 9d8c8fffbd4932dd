import { useGetMany, type Identifier, type RaRecord } from 'react-admin';

/** The records of these ids, by id, for labels in a list (one request for all of them). */
export function useRecordsById(
  resource: string,
  ids: readonly (Identifier | null | undefined)[],
): Map<string, RaRecord> {
  const wanted = [...new Set(ids.filter((id): id is Identifier => id !== null && id !== undefined).map(String))];
  const { data } = useGetMany(resource, { ids: wanted }, { enabled: wanted.length > 0 });
  return new Map((data ?? []).map((record) => [String(record.id), record]));
}

export const fullName = (user: RaRecord | undefined) =>
  user ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() : '…';
