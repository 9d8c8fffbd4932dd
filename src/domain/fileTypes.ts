/**
 * What people call a file type, by its MIME type: the back-office says "PDF" or "Image PNG", never
 * "application/pdf". Each name is a translation key (`app.file_types.<name>`); a wildcard of an upload's
 * `accept` list ("image/*") names the whole family.
 */
export const FILE_TYPE_NAMES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'text/plain': 'plain_text',
  'text/markdown': 'markdown',
  'text/csv': 'csv',
  'application/json': 'json',
  'application/zip': 'zip',
  'application/vnd.xmind.workbook': 'xmind',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.ms-excel': 'excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'excel',
  'application/vnd.ms-powerpoint': 'powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'powerpoint',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/octet-stream': 'binary',
  'image/*': 'any_image',
  'video/*': 'any_video',
  'audio/*': 'any_audio',
  'text/*': 'any_text',
} as const;

export type FileTypeName = (typeof FILE_TYPE_NAMES)[keyof typeof FILE_TYPE_NAMES] | 'unknown';

/** The family of a type not named above, by its top-level type (`app.file_types.family.<family>`). */
export const FILE_FAMILIES = ['image', 'video', 'audio', 'text', 'file'] as const;
export type FileFamily = (typeof FILE_FAMILIES)[number];

/** A named type, or a family with the format read from the subtype ("image/heic": an image, "HEIC"). */
export type FileType = { name: FileTypeName } | { family: FileFamily; format: string };

const MIME = /^([a-z0-9][a-z0-9!#$&^_.+-]*)\/([a-z0-9*][a-z0-9!#$&^_.+-]*)$/;

/**
 * The subtype as its format's usual name: its vendor and "x-" prefixes and its structured-syntax
 * suffix left out ("vnd.apple.mpegurl": "MPEGURL", "x-matroska": "MATROSKA", "ld+json": "LD").
 */
function formatOf(subtype: string): string {
  const bare = subtype.replace(/\+[a-z0-9-]+$/, '');
  const last = bare.split('.').pop() ?? bare;
  return last.replace(/^x-/, '').toUpperCase();
}

export function fileTypeOf(mimeType: unknown): FileType {
  // Parameters ("; charset=utf-8") and case do not change the type.
  const bare = typeof mimeType === 'string' ? mimeType.split(';')[0].trim().toLowerCase() : '';
  const named = (FILE_TYPE_NAMES as Readonly<Record<string, FileTypeName>>)[bare];
  if (named) return { name: named };
  const match = MIME.exec(bare);
  if (!match || match[2] === '*') return { name: 'unknown' };
  const [, type, subtype] = match;
  const family = (FILE_FAMILIES as readonly string[]).includes(type) ? (type as FileFamily) : 'file';
  return { family, format: formatOf(subtype) };
}
