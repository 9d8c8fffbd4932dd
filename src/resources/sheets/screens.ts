import type { ScreensConfig } from '../../custom/crud/fieldSpec';
import { MarkdownField } from '../../custom/markdown/MarkdownField';
import { MarkdownInput } from '../../custom/markdown/MarkdownInput';

/** The sheets: Markdown edited beside its sanitised preview, status, tags, folder; searched by `q`. */
export const config: ScreensConfig = {
  fields: [
    { source: 'title', kind: 'text', required: true, maxLength: 255, column: true, sortable: true },
    { source: 'content', kind: 'longText', render: MarkdownField, editor: MarkdownInput },
    { source: 'folder', kind: 'reference', reference: 'folders', column: true, filter: true },
    { source: 'status', kind: 'enum', choices: ['draft', 'published'], choiceGroup: 'sheetStatus', column: true, sortable: true, filter: 'alwaysOn' },
    { source: 'tags', kind: 'references', reference: 'tags' },
    { source: 'import', kind: 'reference', reference: 'imports', readOnly: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
    { source: 'updatedAt', kind: 'date', column: true, sortable: true, readOnly: true },
  ],
  search: true,
  create: true,
  edit: true,
  delete: true,
};
