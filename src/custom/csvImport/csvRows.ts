import { CSV_LIST_SEPARATOR } from '../../domain/csvFrench';
import { CSV_IMPORT_EXCLUDED_FIELDS, CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '../../domain/csvImport';
import { writableField } from '../crud/fieldRights';
import type { FieldSpec, ScreensConfig } from '../crud/fieldSpec';

/**
 * A CSV file as the rows of an import: read as UTF-8 (with or without its byte order mark; bytes that are no
 * UTF-8 become U+FFFD, which the server reports on their row), parsed with Papa Parse (`;` or `,` found from
 * the file), its columns matched to the resource's fields by name or by their label on screen, its cells
 * turned into the API's values. What a value means is the server's to check: a cell that is no value of
 * its field is sent as it is, and its row comes back with the problem.
 */

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface CsvRows {
  /** Each data row (the header line is the file's line 1, so row i is line i + 2). */
  rows: Record<string, unknown>[];
  /** The fields the columns were matched to, in the file's order. */
  fields: FieldSpec[];
  /** Headers that name no field the import takes: their cells are not sent. */
  ignored: string[];
  /** The file's own trouble: too large, too many rows, no header, unreadable CSV. */
  problem?: { key: string; args?: Record<string, unknown> };
}

/** Words compared without case, accents, spaces or punctuation: "Prénom" finds "prenom", "E-mail" "email". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const UNIMPORTED_KINDS: readonly FieldSpec['kind'][] = ['password', 'json'];

/** The fields a file may set: written by the session, neither the server's nor a secret. */
export const importedFields = (config: ScreensConfig): FieldSpec[] =>
  config.fields.filter(
    (spec) =>
      !spec.readOnly &&
      !UNIMPORTED_KINDS.includes(spec.kind) &&
      !CSV_IMPORT_EXCLUDED_FIELDS.includes(spec.source) &&
      writableField(config.resource, spec),
  );

const fieldLabelKey = (resource: string, source: string) => `resources.${resource}.fields.${source}`;

const TRUE = new Set(['oui', 'vrai', 'true', '1', 'yes', 'o', 'x']);
const FALSE = new Set(['non', 'faux', 'false', '0', 'no', 'n', '']);

/** An enum's value from its own spelling or its label on screen. */
function choiceOf(spec: FieldSpec, cell: string, translate: Translate): unknown {
  const wanted = folded(cell);
  for (const value of spec.choices ?? []) {
    const label = spec.choiceGroup ? translate(`choices.${spec.choiceGroup}.${value}`, { _: String(value) }) : '';
    if (folded(String(value)) === wanted || (label && folded(label) === wanted)) return value;
  }
  return cell;
}

/** A cell as the API's value of its field; an empty cell is no value (the field is left out). */
function valueOf(spec: FieldSpec, cell: string, translate: Translate): unknown {
  const text = cell.trim();
  if (text === '') return undefined;
  switch (spec.kind) {
    case 'boolean': {
      const word = folded(text);
      return TRUE.has(word) ? true : FALSE.has(word) ? false : text;
    }
    case 'number':
      return /^-?\d{1,15}$/.test(text) ? Number(text) : text;
    case 'enum':
      return choiceOf(spec, text, translate);
    case 'list':
    case 'references':
      // A list in one cell: its items separated by "|" (a "," would be the separator of some files), as the
      // French export writes them.
      return text
        .split(CSV_LIST_SEPARATOR.trim())
        .map((item) => item.trim())
        .filter(Boolean)
        .map((item) => (spec.kind === 'list' ? choiceOf(spec, item, translate) : item));
    case 'longText':
      // A text keeps what it holds, its line breaks and leading spaces included.
      return cell;
    default:
      return text;
  }
}

/** Reads and parses `file`; Papa Parse is loaded only now, with the dialog that needs it. */
export async function readCsv(file: File, config: ScreensConfig, translate: Translate): Promise<CsvRows> {
  if (file.size > CSV_IMPORT_MAX_BYTES)
    return {
      rows: [],
      fields: [],
      ignored: [],
      problem: { key: 'too_large', args: { max: CSV_IMPORT_MAX_BYTES / 1024 } },
    };
  // A BOM is dropped by the decoder; bytes that are no UTF-8 become U+FFFD instead of failing the file.
  const text = new TextDecoder('utf-8').decode(await file.arrayBuffer());
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [';', ',', '\t'] });
  const [header, ...lines] = parsed.data;
  if (!header || header.every((name) => name.trim() === ''))
    return { rows: [], fields: [], ignored: [], problem: { key: 'empty' } };
  if (lines.length > CSV_IMPORT_MAX_ROWS)
    return { rows: [], fields: [], ignored: [], problem: { key: 'too_many', args: { max: CSV_IMPORT_MAX_ROWS } } };

  const offered = importedFields(config);
  const columns = header.map((name) => {
    const wanted = folded(name);
    return offered.find(
      (spec) =>
        folded(spec.source) === wanted ||
        folded(translate(fieldLabelKey(config.resource, spec.source), { _: spec.source })) === wanted,
    );
  });
  const fields = columns.filter((spec): spec is FieldSpec => spec !== undefined);
  const ignored = header.filter((name, index) => !columns[index] && name.trim() !== '');
  if (fields.length === 0) return { rows: [], fields, ignored, problem: { key: 'no_field' } };
  const rows = lines.map((cells) => {
    const row: Record<string, unknown> = {};
    columns.forEach((spec, index) => {
      if (!spec) return;
      const value = valueOf(spec, cells[index] ?? '', translate);
      if (value !== undefined) row[spec.source] = value;
    });
    return row;
  });
  return { rows, fields, ignored };
}

/** A violation of the import's 422: its row (`rows[3].email` or the `row` the server adds) and its field. */
export interface RowProblem {
  row: number;
  field: string;
  code?: string;
  message: string;
}

export function rowProblemsOf(violations: unknown): RowProblem[] {
  if (!Array.isArray(violations)) return [];
  return violations.flatMap((violation) => {
    const { propertyPath, code, message } = (violation ?? {}) as Record<string, unknown>;
    const at = /^rows\[(\d+)\](?:\.(.+))?$/.exec(typeof propertyPath === 'string' ? propertyPath : '');
    if (!at || typeof message !== 'string') return [];
    return [{ row: Number(at[1]), field: at[2] ?? '', code: typeof code === 'string' ? code : undefined, message }];
  });
}

/** A problem in the user's words: the field's label, then the code's sentence (the server's text otherwise). */
export function problemText(resource: string, problem: RowProblem, translate: Translate): string {
  const sentence = problem.code ? translate(`app.validation.${problem.code}`, { _: problem.message }) : problem.message;
  if (!problem.field) return sentence;
  return `${translate(fieldLabelKey(resource, problem.field), { _: problem.field })} : ${sentence}`;
}
