import JSZip from 'jszip';
import { Readable } from 'node:stream';
import { CSV_BOM, csvCell, csvLine } from '../../src/domain/csvExport.ts';
import { PERSONAL_DATA_ARCHIVE_VERSION } from '../../src/domain/personalData.ts';

/**
 * The layout of a personal data archive (docs/API.md, "Personal data"), the same for a person and a whole
 * structure, so that a program reads both alike:
 *
 * - `manifest.json`: the format and its version, whose data it is, when it was made, and for each kind of rows
 *   its table, what it holds, its count and its two files; for each file its path, table, row and type;
 * - `data/<kind>.json`: the rows as the database keeps them (columns by their names, dates in ISO 8601);
 * - `data/<kind>.csv`: the same rows as French Excel opens them (semicolons, UTF-8 with its mark);
 * - `files/<table>/<id>-<name>`: each stored file, its bytes as uploaded;
 * - `LISEZMOI.txt`: the same, for a person reading it.
 */
export const ARCHIVE_FORMAT = 'lms-personal-data';
export const MANIFEST = 'manifest.json';

export type Row = Record<string, unknown>;

export interface ArchiveKind {
  kind: string;
  table: string;
  column?: string;
  what: string;
  rows: readonly Row[];
}

export interface ArchiveFile {
  table: string;
  id: number;
  name: string;
  mimeType: string;
  /** Its key in the store, written in the manifest when a re-import needs it (a structure's archive). */
  key?: string;
  /** The file's bytes from the store, once its reader's rule allowed them; undefined when the store lost it. */
  open: () => Promise<Readable | undefined>;
}

export interface ArchiveSubject {
  type: 'person' | 'structure';
  id: number;
  structure: number;
}

/** A file's name inside the archive: its row's id, then its own name without a folder or a control character. */
export function archivedFileName({ table, id, name }: Pick<ArchiveFile, 'table' | 'id' | 'name'>): string {
  const safe = name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120);
  return `files/${table}/${id}-${safe || 'fichier'}`;
}

const cellOf = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  return csvCell(typeof value === 'string' ? value : JSON.stringify(value));
};

/** The rows as CSV: one column a key of any row, in the order first met. */
export function rowsCsv(rows: readonly Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    CSV_BOM +
    csvLine(columns.map((column) => csvCell(column))) +
    rows.map((row) => csvLine(columns.map((column) => cellOf(row[column])))).join('')
  );
}

const readme = (subject: ArchiveSubject, kinds: readonly ArchiveKind[], createdAt: string) =>
  [
    subject.type === 'person'
      ? `Données personnelles de l’utilisateur n° ${subject.id}, exportées le ${createdAt}.`
      : `Données de la structure n° ${subject.id}, exportées le ${createdAt}.`,
    '',
    'Chaque type de données est dans le dossier data/, en JSON et en CSV (séparateur point-virgule).',
    'Les fichiers déposés sont dans le dossier files/, sous leur nom d’origine.',
    'Le fichier manifest.json décrit le contenu pour un programme.',
    '',
    ...kinds.map((kind) => `- data/${kind.kind} : ${kind.rows.length} ligne(s). ${kind.what}`),
    '',
  ].join('\r\n');

type StoredFile = { path: string; table: string; id: number; name: string; mimeType: string; key?: string };
type Summary = { kinds: Record<string, number>; files: number; missingFiles: number };

const storedEntry = (file: ArchiveFile): StoredFile => ({
  path: archivedFileName(file),
  table: file.table,
  id: file.id,
  name: file.name,
  mimeType: file.mimeType,
  ...(file.key ? { key: file.key } : {}),
});

/** The rows, the manifest and the read-me into `zip`, once its files are in. */
function addRowsAndManifest(
  zip: JSZip,
  subject: ArchiveSubject,
  kinds: readonly ArchiveKind[],
  stored: readonly StoredFile[],
  missingFiles: number,
): Summary {
  const createdAt = new Date().toISOString();
  for (const kind of kinds) {
    zip.file(`data/${kind.kind}.json`, JSON.stringify(kind.rows, null, 2), { compression: 'DEFLATE' });
    zip.file(`data/${kind.kind}.csv`, rowsCsv(kind.rows), { compression: 'DEFLATE' });
  }
  const manifest = {
    format: ARCHIVE_FORMAT,
    version: PERSONAL_DATA_ARCHIVE_VERSION,
    subject,
    createdAt,
    kinds: kinds.map(({ kind, table, column, what, rows }) => ({
      kind,
      table,
      ...(column ? { column } : {}),
      what,
      rows: rows.length,
      json: `data/${kind}.json`,
      csv: `data/${kind}.csv`,
    })),
    files: stored,
    missingFiles,
  };
  zip.file(MANIFEST, JSON.stringify(manifest, null, 2), { compression: 'DEFLATE' });
  zip.file('LISEZMOI.txt', readme(subject, kinds, createdAt), { compression: 'DEFLATE' });
  return {
    kinds: Object.fromEntries(kinds.map((kind) => [kind.kind, kind.rows.length])),
    files: stored.length,
    missingFiles,
  };
}

/**
 * The archive of `kinds` and `files` as a ZIP held in memory (a person's rows and files are small), and what
 * it holds.
 */
export async function buildArchive(
  subject: ArchiveSubject,
  kinds: readonly ArchiveKind[],
  files: readonly ArchiveFile[],
): Promise<{ zip: Buffer; summary: Summary }> {
  const zip = new JSZip();
  const stored: StoredFile[] = [];
  let missingFiles = 0;
  for (const file of files) {
    const body = await file.open();
    if (!body) {
      missingFiles += 1;
      continue;
    }
    zip.file(archivedFileName(file), body, { binary: true, compression: 'STORE', createFolders: false });
    stored.push(storedEntry(file));
  }
  const summary = addRowsAndManifest(zip, subject, kinds, stored, missingFiles);
  const buffer = await zip.generateAsync({ type: 'nodebuffer', streamFiles: true });
  return { zip: buffer, summary };
}

/**
 * A file's bytes opened only when the ZIP comes to its entry: JSZip binds every entry's stream at once, and a
 * structure's thousands of files must not be thousands of open reads of the store.
 */
function openedWhenRead(file: ArchiveFile): Readable {
  let source: Readable | undefined;
  return new Readable({
    read() {
      if (source) {
        source.resume();
        return;
      }
      void file.open().then(
        (body) => {
          if (!body) {
            this.destroy(new Error(`Le fichier ${file.table} n° ${file.id} a disparu du stockage pendant l’export.`));
            return;
          }
          source = body;
          body.on('data', (chunk: Buffer) => {
            if (!this.push(chunk)) body.pause();
          });
          body.on('end', () => this.push(null));
          body.on('error', (error) => this.destroy(error));
        },
        (error: Error) => this.destroy(error),
      );
    },
  });
}

/**
 * The same archive streamed as it is written, for a whole structure: its files are read from the store one
 * after the other as the ZIP reaches them, never held whole; only the rows (JSON and CSV) are in memory.
 * `files` are those the store was found to hold (the caller counts the others as `missingFiles`): one that
 * goes meanwhile ends the stream with an error.
 */
export function streamArchive(
  subject: ArchiveSubject,
  kinds: readonly ArchiveKind[],
  files: readonly ArchiveFile[],
  missingFiles: number,
): { stream: Readable; summary: Summary } {
  const zip = new JSZip();
  for (const file of files)
    zip.file(archivedFileName(file), openedWhenRead(file), {
      binary: true,
      compression: 'STORE',
      createFolders: false,
    });
  const summary = addRowsAndManifest(zip, subject, kinds, files.map(storedEntry), missingFiles);
  // JSZip's output is a Readable of Node's (its stream adapter), typed as the older interface.
  const stream = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true }) as unknown as Readable;
  return { stream, summary };
}
