/**
 * Importing records from a CSV file (users, tags, skills): the browser reads the file and sends its rows as
 * JSON to `POST /api/{resource}/import`, first as a dry run (each row checked by the server, nothing kept),
 * then for real, in one transaction: every row is created, or none.
 */
export const CSV_IMPORT_RESOURCES = ['users', 'tags', 'skills'] as const;
export type CsvImportResource = (typeof CSV_IMPORT_RESOURCES)[number];

export const isCsvImportResource = (resource: string): resource is CsvImportResource =>
  (CSV_IMPORT_RESOURCES as readonly string[]).includes(resource);

/** Imported users are invited, each as "Inviter un utilisateur" invites one (a code mailed, within its limits). */
export const CSV_IMPORT_INVITES: Readonly<Record<CsvImportResource, boolean>> = {
  users: true,
  tags: false,
  skills: false,
};

export const csvImportPath = (resource: CsvImportResource) => `/api/${resource}/import`;

/**
 * The most rows one request carries. A real import spends one write of its user's budget a row, as the rows'
 * own creates would, so the cap stays below the budget's burst (300): a file of this size imports at once.
 */
export const CSV_IMPORT_MAX_ROWS = 250;

/** The most bytes of one request's JSON body: the rows of the cap with room to spare; beyond, a 413. */
export const CSV_IMPORT_MAX_BYTES = 512 * 1024;

/** Fields a file never sets: a password travels in no spreadsheet (a new user chooses theirs by invitation). */
export const CSV_IMPORT_EXCLUDED_FIELDS: readonly string[] = ['password'];

/** The audit log's name of an import (its entry lists every row created). */
export const CSV_IMPORT_AUDIT_ACTION = 'bulk-import' as const;

/**
 * A value read with the wrong encoding: the replacement character a UTF-8 decoder puts for bytes it could not
 * read (a file saved as Latin-1 or Windows-1252). Half a surrogate pair, which JSON can carry, is refused for
 * every request by the input guard.
 */
export const hasBrokenEncoding = (text: string): boolean => text.includes('\uFFFD');

/** The violation of such a value (its code is translated on screen). */
export const BROKEN_ENCODING = {
  code: 'encoding',
  message: 'This value holds characters that could not be read; save the file as UTF-8.',
} as const;

/** The violation of a field a file never sets. */
export const EXCLUDED_FIELD = { code: 'unexpected', message: 'This field cannot be imported.' } as const;
