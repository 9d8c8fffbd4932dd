import { idOfIri } from '../../domain/relations';

/**
 * How a change's values are compared and turned into text, for the history's differences. Pure: the
 * components choose a display from these.
 */

/** A text at least this long reads better as lines than side by side. */
const LONG_TEXT = 120;

export const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** A text change that reads better as a line difference: on several lines, or long. */
export function isLongTextChange(before: unknown, after: unknown, longKind = false): boolean {
  const texts = [before, after].filter((value) => !isBlank(value));
  if (texts.length === 0 || !texts.every((value) => typeof value === 'string')) return false;
  return longKind || (texts as string[]).some((text) => text.includes('\n') || text.length >= LONG_TEXT);
}

/** Relation values as the screens hold them: IRIs become ids (`/api/chapters/3` -> 3), lists alike. */
export function asRecordValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => idOfIri(item) ?? item);
  return idOfIri(value) ?? value;
}

/** The keys of two objects whose values differ, in the order the newer one has them, then the removed ones. */
export function changedKeys(before: unknown, after: unknown): string[] {
  const older = isPlainObject(before) ? before : {};
  const newer = isPlainObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(newer), ...Object.keys(older)])];
  return keys.filter((key) => !sameValue(older[key], newer[key]));
}

/** A value of a structured field (a part's content) as lines of text, so that two of them can be compared by line. */
export function linesOf(value: unknown): string {
  if (isBlank(value)) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(lineOfItem).join('\n');
  return JSON.stringify(value, null, 2);
}

/** One item of a list (an option, a link, a file type) on one line. */
function lineOfItem(item: unknown): string {
  if (!isPlainObject(item)) return typeof item === 'string' ? item : JSON.stringify(item);
  const { label, url, correct, ...rest } = item;
  const parts = [label, url].filter((part) => typeof part === 'string' && part !== '') as string[];
  const text = parts.length > 0 ? parts.join(' — ') : JSON.stringify(rest);
  return correct === true ? `${text} ✓` : text;
}

/** A content key's label key: `maxSizeMb` -> `max_size_mb`, as the part editors name their fields. */
export const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
