import { CHAPTER_PART_TYPES } from '../../domain/chapterParts';
import type { ScreensConfig } from '../../custom/crud/fieldSpec';
import { PartContentField } from '../../custom/chapterParts/PartContentField';
import { PartTypeField } from '../../custom/chapterParts/PartTypeField';

/**
 * The standard screens of chapter-parts: its fields as the API serves them (API.md, Resources), the type
 * with its icon, the content as a one-line summary in the list and as the learner's view in the side panel.
 * The create and edit pages have their own form (src/custom/chapterParts/PartForm.tsx).
 */
export const config: ScreensConfig = {
  fields: [
    { source: 'chapter', kind: 'reference', reference: 'chapters', required: true, column: true, filter: 'alwaysOn' },
    { source: 'type', kind: 'enum', choices: CHAPTER_PART_TYPES, choiceGroup: 'partType', required: true, column: true, sortable: true, filter: 'alwaysOn', render: PartTypeField },
    { source: 'position', kind: 'number', min: 0, column: true, sortable: true },
    { source: 'title', kind: 'text', maxLength: 255, column: true, sortable: true },
    { source: 'content', kind: 'json', column: true, render: PartContentField },
    { source: 'required', kind: 'boolean', column: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
