import JSZip from 'jszip';
import type { Readable } from 'node:stream';
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

/**
 * The archive of `kinds` and `files` as a ZIP held in memory (a person's rows and files are small; a
 * structure's are streamed into it file by file), and what it holds.
 */
export async function buildArchive(
  subject: ArchiveSubject,
  kinds: readonly ArchiveKind[],
  files: readonly ArchiveFile[],
): Promise<{ zip: Buffer; summary: { kinds: Record<string, number>; files: number; missingFiles: number } }> {
  const zip = new JSZip();
  const createdAt = new Date().toISOString();
  const stored: { path: string; table: string; id: number; name: string; mimeType: string }[] = [];
  let missingFiles = 0;
  for (const file of files) {
    const body = await file.open();
    if (!body) {
      missingFiles += 1;
      continue;
    }
    const path = archivedFileName(file);
    zip.file(path, body, { binary: true, compression: 'STORE', createFolders: false });
    stored.push({ path, table: file.table, id: file.id, name: file.name, mimeType: file.mimeType });
  }
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
  const buffer = await zip.generateAsync({ type: 'nodebuffer', streamFiles: true });
  return {
    zip: buffer,
    summary: {
      kinds: Object.fromEntries(kinds.map((kind) => [kind.kind, kind.rows.length])),
      files: stored.length,
      missingFiles,
    },
  };
}
