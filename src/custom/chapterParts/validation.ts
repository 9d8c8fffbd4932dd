import { checkChapterPartContent, isChapterPartType } from '../../domain/chapterPartContent';
import { chapterParts, maxLengthOf } from '../../domain/contracts';
import { violationsToErrors } from '../../providers/httpClient';

type Errors = Record<string, unknown>;

/** `content.links[1].url` → ['content', 'links', '1', 'url']. */
const pathOf = (propertyPath: string) => propertyPath.replace(/\[(\d+)\]/g, '.$1').split('.');

/**
 * Flat `{propertyPath: message}` as the nested object react-admin's form validation takes. Where a field
 * already holds a message (`content.options`), deeper ones under it (`content.options[0].label`) are left:
 * the shared check reports either the list or its items, not both.
 */
export function nestErrors(flat: Record<string, string>): Errors {
  const nested: Errors = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = pathOf(path);
    let node: Errors = nested;
    let blocked = false;
    for (const key of keys.slice(0, -1)) {
      const next = node[key];
      if (typeof next === 'string') {
        blocked = true;
        break;
      }
      node = (next as Errors | undefined) ?? (node[key] = {});
    }
    const last = keys[keys.length - 1];
    if (!blocked && node[last] === undefined) node[last] = message;
  }
  return nested;
}

/**
 * The part form's validation: the fields every part has, then its content through the one check the
 * server runs too, each violation under its own field with the message the server's would have.
 */
export function validatePart(values: Record<string, unknown>): Errors {
  const flat: Record<string, string> = {};
  if (values.chapter === undefined || values.chapter === null || values.chapter === '')
    flat.chapter = 'ra.validation.required';
  if (!isChapterPartType(values.type)) flat.type = 'ra.validation.required';
  if (typeof values.title === 'string' && values.title.length > maxLengthOf(chapterParts, 'title'))
    flat.title = 'app.validation.length';
  if (isChapterPartType(values.type)) {
    // The server's own upload limit is not known here; the server still refuses above it.
    const { violations } = checkChapterPartContent(values.type, values.content, {
      maxUploadMb: Number.MAX_SAFE_INTEGER,
    });
    Object.assign(
      flat,
      violationsToErrors(violations.map(({ propertyPath, code, message }) => ({ propertyPath, code, message }))),
    );
  }
  return nestErrors(flat);
}
