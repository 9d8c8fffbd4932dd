import { chapterParts, chapters, courses, modules } from '../../domain/contracts';
import type { NodeKind } from './outlineModel';

const maxLengthOf = (field: { kind: string; maxLength?: number }) => field.maxLength ?? Number.POSITIVE_INFINITY;

/**
 * The longest title of a course and of each node, as their contracts say. The outline's title fields check
 * it rather than cut what is typed or pasted (an input's own `maxLength` truncates a paste without a word).
 */
export const TITLE_MAX_LENGTH: Readonly<Record<NodeKind | 'course', number>> = {
  course: maxLengthOf(courses.fields.title),
  module: maxLengthOf(modules.fields.title),
  chapter: maxLengthOf(chapters.fields.title),
  part: maxLengthOf(chapterParts.fields.title),
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
