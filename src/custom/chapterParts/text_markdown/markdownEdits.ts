/** What a toolbar button does to the text: the new text and the selection to leave. Pure, for the tests. */
export interface Edit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

export type MarkdownAction = 'heading' | 'bold' | 'italic' | 'bullets' | 'numbers' | 'link' | 'table' | 'code';

const wrap = (text: string, start: number, end: number, before: string, after: string, placeholder: string): Edit => {
  const selected = text.slice(start, end) || placeholder;
  return {
    text: text.slice(0, start) + before + selected + after + text.slice(end),
    selectionStart: start + before.length,
    selectionEnd: start + before.length + selected.length,
  };
};

// Each selected line (or the current one) gets the prefix; numbered lists count from 1.
const prefixLines = (text: string, start: number, end: number, prefix: (index: number) => string): Edit => {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lines = text.slice(lineStart, end).split('\n');
  const changed = lines.map((line, index) => prefix(index) + line).join('\n');
  return {
    text: text.slice(0, lineStart) + changed + text.slice(end),
    selectionStart: lineStart,
    selectionEnd: lineStart + changed.length,
  };
};

const TABLE = '\n| Colonne 1 | Colonne 2 |\n| --- | --- |\n| … | … |\n';

export function applyMarkdown(
  action: MarkdownAction,
  text: string,
  start: number,
  end: number,
  placeholder: string,
): Edit {
  switch (action) {
    case 'heading':
      return prefixLines(text, start, end, () => '## ');
    case 'bold':
      return wrap(text, start, end, '**', '**', placeholder);
    case 'italic':
      return wrap(text, start, end, '_', '_', placeholder);
    case 'bullets':
      return prefixLines(text, start, end, () => '- ');
    case 'numbers':
      return prefixLines(text, start, end, (index) => `${index + 1}. `);
    case 'link': {
      const edit = wrap(text, start, end, '[', '](https://)', placeholder);
      return edit;
    }
    case 'table':
      return {
        text: text.slice(0, end) + TABLE + text.slice(end),
        selectionStart: end + TABLE.length,
        selectionEnd: end + TABLE.length,
      };
    case 'code':
      return text.slice(start, end).includes('\n')
        ? wrap(text, start, end, '\n```\n', '\n```\n', placeholder)
        : wrap(text, start, end, '`', '`', placeholder);
  }
}
