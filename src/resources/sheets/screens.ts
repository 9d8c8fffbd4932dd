import { screensOf } from '../../custom/crud/screensOf';
import { sheets } from '../../domain/contracts';
import { lazyComponent } from '../../custom/lazyComponent';

// With the show and edit screens only: the list reads this declaration too and renders no Markdown.
const markdown = () =>
  Promise.all([import('../../custom/markdown/MarkdownField'), import('../../custom/markdown/MarkdownInput')]);
const MarkdownField = lazyComponent(() => markdown().then(([module]) => module.MarkdownField));
const MarkdownInput = lazyComponent<{ source: string }>(() => markdown().then(([, module]) => module.MarkdownInput));

/** The sheets: Markdown edited beside its sanitised preview, status, tags, folder; searched by `q`. */
export const config = screensOf(sheets, {
  fields: [
    { source: 'title', column: true },
    { source: 'content', render: MarkdownField, editor: MarkdownInput },
    { source: 'folder', column: true, filter: true },
    { source: 'status', column: true, filter: 'alwaysOn' },
    { source: 'tags' },
    { source: 'import' },
    { source: 'createdAt' },
    { source: 'updatedAt', column: true },
  ],
});
