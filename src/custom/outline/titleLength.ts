import { chapterParts, chapters, courses, maxLengthOf, modules } from '../../domain/contracts';
import type { NodeKind } from './outlineModel';

/**
 * The longest title of a course and of each node, as their contracts say. The outline's title fields check
 * it rather than cut what is typed or pasted (an input's own `maxLength` truncates a paste without a word).
 */
export const TITLE_MAX_LENGTH: Readonly<Record<NodeKind | 'course', number>> = {
  course: maxLengthOf(courses, 'title'),
  module: maxLengthOf(modules, 'title'),
  chapter: maxLengthOf(chapters, 'title'),
  part: maxLengthOf(chapterParts, 'title'),
};

/** The field's message for a title over its length (react-admin's, as every form's), or none. */
export function titleLengthError(
  kind: NodeKind | 'course',
  title: string,
  translate: (key: string, options?: object) => string,
): string | undefined {
  const max = TITLE_MAX_LENGTH[kind];
  return title.length > max ? translate('ra.validation.maxLength', { max }) : undefined;
}
