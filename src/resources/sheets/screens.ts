import type { ScreensConfig } from '../../custom/crud/fieldSpec';
import { lazyComponent } from '../../custom/lazyComponent';

// With the show and edit screens only: the list reads this declaration too and renders no Markdown.
const markdown = () => Promise.all([import('../../custom/markdown/MarkdownField'), import('../../custom/markdown/MarkdownInput')]);
const MarkdownField = lazyComponent(() => markdown().then(([module]) => module.MarkdownField));
const MarkdownInput = lazyComponent<{ source: string }>(() => markdown().then(([, module]) => module.MarkdownInput));

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
