import type { ByteRange } from '../storage/fileStorage.ts';

/**
 * The part of a `size`-byte file a request's `Range` header asks for (RFC 9110, one range of bytes: what
 * video players send to seek): a range, `unsatisfiable` (answered 416), or undefined for the whole file
 * (no header, several ranges, a unit or syntax we do not serve, or an `If-Range` we cannot vouch for, as
 * the download carries no validator).
 */
export function requestedRange(
  header: string | undefined,
  ifRange: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined || ifRange !== undefined || size === 0) return undefined;
  const match = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1], match[2]];
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
