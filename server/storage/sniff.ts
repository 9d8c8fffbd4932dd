/**
 * The types an upload may declare, each with how its first bytes must look. A file whose bytes do not
 * match its declared type is refused: a browser must never be handed an HTML page labelled as an image.
 */
type Check = (head: Buffer) => boolean;

const startsWith =
  (signature: number[], offset = 0): Check =>
  (head) =>
    head.length >= offset + signature.length && signature.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string, offset = 0) => startsWith([...Buffer.from(text, 'latin1')], offset);
const anyOf =
  (...checks: Check[]): Check =>
  (head) =>
    checks.some((check) => check(head));

/** Text must be valid UTF-8 without NUL bytes (checked on the head; a cut multi-byte character at the end is fine). */
const text: Check = (head) => {
  if (head.includes(0)) return false;
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const replacements = decoded.match(/\uFFFD/g)?.length ?? 0;
  return replacements <= 1 && !/^\s*<(!doctype html|html|script|svg)/i.test(decoded);
};

const zip = startsWith([0x50, 0x4b, 0x03, 0x04]);
const mp4: Check = (head) => ascii('ftyp', 4)(head);

export const ALLOWED_TYPES: Record<string, { extensions: string[]; check: Check }> = {
  'image/png': { extensions: ['png'], check: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  'image/jpeg': { extensions: ['jpg', 'jpeg'], check: startsWith([0xff, 0xd8, 0xff]) },
  'image/gif': { extensions: ['gif'], check: anyOf(ascii('GIF87a'), ascii('GIF89a')) },
  'image/webp': { extensions: ['webp'], check: (head) => ascii('RIFF')(head) && ascii('WEBP', 8)(head) },
  'application/pdf': { extensions: ['pdf'], check: ascii('%PDF-') },
  'text/plain': { extensions: ['txt', 'log'], check: text },
  'text/markdown': { extensions: ['md', 'markdown'], check: text },
  'text/csv': { extensions: ['csv'], check: text },
  'application/zip': { extensions: ['zip'], check: zip },
  'application/vnd.xmind.workbook': { extensions: ['xmind'], check: zip },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extensions: ['docx'], check: zip },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extensions: ['xlsx'], check: zip },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { extensions: ['pptx'], check: zip },
  'application/vnd.oasis.opendocument.text': { extensions: ['odt'], check: zip },
  'video/mp4': { extensions: ['mp4', 'm4v'], check: mp4 },
  'video/webm': { extensions: ['webm'], check: startsWith([0x1a, 0x45, 0xdf, 0xa3]) },
  'audio/mpeg': {
    extensions: ['mp3'],
    check: anyOf(ascii('ID3'), (head) => head[0] === 0xff && (head[1] & 0xe0) === 0xe0),
  },
};

export type SniffResult = { ok: true } | { ok: false; status: 415; reason: string };

/** Whether `head` (the first bytes) agrees with the declared MIME type, which must be on the allow-list. */
export function sniff(declared: string, head: Buffer): SniffResult {
  const allowed = ALLOWED_TYPES[declared];
  if (!allowed) return { ok: false, status: 415, reason: `The type ${declared || '(none)'} is not accepted.` };
  if (!allowed.check(head)) return { ok: false, status: 415, reason: `The file's content is not ${declared}.` };
  return { ok: true };
}

/** A file name safe to store and to send back: no path, no control characters, at most 200 characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(-200);
  return cleaned || 'fichier';
}
