import type { RefObject } from 'react';
import { IconButton, Toolbar, Tooltip } from '@mui/material';
import CodeIcon from '@mui/icons-material/Code';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import TableChartIcon from '@mui/icons-material/TableChart';
import TitleIcon from '@mui/icons-material/Title';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { applyMarkdown, type MarkdownAction } from './markdownEdits';

const ACTIONS: { action: MarkdownAction; icon: typeof CodeIcon }[] = [
  { action: 'heading', icon: TitleIcon },
  { action: 'bold', icon: FormatBoldIcon },
  { action: 'italic', icon: FormatItalicIcon },
  { action: 'bullets', icon: FormatListBulletedIcon },
  { action: 'numbers', icon: FormatListNumberedIcon },
  { action: 'link', icon: InsertLinkIcon },
  { action: 'table', icon: TableChartIcon },
  { action: 'code', icon: CodeIcon },
];

/** Buttons that write the Markdown for the selection, so that an author need not know the syntax. */
export function MarkdownToolbar({
  source,
  inputRef,
}: {
  source: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const run = (action: MarkdownAction) => {
    const textarea = inputRef.current;
    const text = String(getValues(source) ?? '');
    const start = textarea?.selectionStart ?? text.length;
    const end = textarea?.selectionEnd ?? text.length;
    const edit = applyMarkdown(action, text, start, end, translate('app.parts.markdown.placeholder'));
    setValue(source, edit.text, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    // After React has written the new text: the selection is what the author goes on typing over.
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };
  return (
    <Toolbar
      variant="dense"
      disableGutters
      role="toolbar"
      aria-label={translate('app.parts.markdown.toolbar')}
      sx={{ flexWrap: 'wrap', minHeight: 0 }}
    >
      {ACTIONS.map(({ action, icon: Icon }) => (
        <Tooltip key={action} title={translate(`app.parts.markdown.${action}`)}>
          <IconButton size="small" aria-label={translate(`app.parts.markdown.${action}`)} onClick={() => run(action)}>
            <Icon fontSize="small" />
          </IconButton>
        </Tooltip>
      ))}
    </Toolbar>
  );
}
