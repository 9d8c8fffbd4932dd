import { PART_ICONS } from '../partTypeLook';
import type { PartTypeDefinition } from '../types';
import { textOf } from '../types';
import { TextMarkdownEditor } from './TextMarkdownEditor';
import { TextMarkdownPreview } from './TextMarkdownPreview';

export const textMarkdown: PartTypeDefinition = {
  type: 'text_markdown',
  icon: PART_ICONS.text_markdown,
  empty: () => ({ markdown: '' }),
  Editor: TextMarkdownEditor,
  Preview: TextMarkdownPreview,
  // The first line that says something, without its Markdown marks.
  summary: (content) =>
    textOf(content.markdown)
      .split('\n')
      .map((line) => line.replace(/[#*_`>|-]+/g, ' ').trim())
      .find(Boolean) ?? '',
};
