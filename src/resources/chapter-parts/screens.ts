import { screensOf } from '../../custom/crud/screensOf';
import { chapterParts } from '../../domain/contracts';
import { PartContentField } from '../../custom/chapterParts/PartContentField';
import { PartTypeField } from '../../custom/chapterParts/PartTypeField';
import { ReleaseDateField, ReleaseDateInput } from '../../custom/releases/ReleaseDateFields';

/**
 * The standard screens of chapter-parts: its fields as the API serves them (API.md, Resources), the type
 * with its icon, the content as a one-line summary in the list and as the learner's view in the side panel.
 * The create and edit pages have their own form (src/custom/chapterParts/PartForm.tsx).
 */
export const config = screensOf(chapterParts, {
  fields: [
    { source: 'chapter', column: true, filter: 'alwaysOn' },
    { source: 'type', column: true, filter: 'alwaysOn', render: PartTypeField },
    { source: 'position', column: true },
    { source: 'title', column: true },
    { source: 'content', column: true, render: PartContentField },
    { source: 'required', column: true },
    { source: 'releaseAt', render: ReleaseDateField, editor: ReleaseDateInput },
    { source: 'createdAt' },
  ],
});
