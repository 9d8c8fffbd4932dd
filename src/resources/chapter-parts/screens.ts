import type { ScreensConfig } from '../../custom/crud/fieldSpec';

/** The standard screens of chapter-parts: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'chapter', kind: 'reference', reference: 'chapters', required: true, column: true, filter: 'alwaysOn' },
    { source: 'type', kind: 'enum', choices: ['text_markdown', 'image', 'video_youtube', 'video', 'file_downloadable', 'links', 'url_iframe', 'from_typeform', 'notes', 'interactive_text', 'interactive_long_text', 'interactive_select', 'interactive_select_multi', 'interactive_upload'], choiceGroup: 'partType', required: true, column: true, sortable: true, filter: 'alwaysOn' },
    { source: 'position', kind: 'number', min: 0, column: true, sortable: true },
    { source: 'title', kind: 'text', maxLength: 255, column: true, sortable: true },
    { source: 'content', kind: 'json' },
    { source: 'required', kind: 'boolean', column: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  create: true,
  edit: true,
  delete: true,
};
