import { useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { List, ListItemButton, ListItemText, Paper, Popper, Typography } from '@mui/material';
import { useDataProvider, useGetList, useNotify, useTranslate, type Identifier } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import type { AppDataProvider } from '../../providers/dataProvider';

/** How many canned replies the picker offers at once, best matches first. */
const PICKER_SIZE = 8;

/** A `/` at the start of a word, just before the caret, and what was typed after it. */
const SLASH = /(^|\s)\/([^\s/]*)$/;

interface Typed {
  /** Where the `/` is. */
  start: number;
  /** Where the caret is. */
  end: number;
  query: string;
}

interface CannedReply {
  id: Identifier;
  title: string;
  shortcut: string;
}

export interface CannedReplyPicker {
  /** Handles the keys of an open picker (arrows, Enter, Escape); answers whether it did. */
  onKeyDown(event: KeyboardEvent): boolean;
  /** To call after each change of the text or of the caret. */
  follow(): void;
  /** The text field's accessibility properties while the picker shows. */
  inputProps: Record<string, string | boolean | undefined>;
  popup: ReactNode;
}

/**
 * "Réponses types" in the reply box: a `/` typed at the start of a word opens a search of the canned
 * replies by shortcut or title (what follows the `/`); arrows choose, Enter puts the reply, its variables
 * filled by the server for this ticket and agent, in place of the `/` and what followed; Escape closes.
 */
export function useCannedReplyPicker({
  ticketId,
  text,
  onText,
  input,
}: {
  ticketId: Identifier;
  text: string;
  onText: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
}): CannedReplyPicker {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [typed, setTyped] = useState<Typed>();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number>();
  // Support staff's: a contributor answering their own bug ticket has none.
  const open = typed !== undefined && dismissed !== typed.start && sessionAllows('canned-replies', 'list');
  const { data: replies = [], isPending } = useGetList<CannedReply & { body: string }>(
    'canned-replies',
    {
      filter: typed?.query ? { q: typed.query } : {},
      pagination: { page: 1, perPage: PICKER_SIZE },
      sort: { field: 'title', order: 'ASC' },
    },
    { enabled: open },
  );

  function follow() {
    const element = input.current;
    if (!element) return;
    const end = element.selectionStart ?? element.value.length;
    const match = SLASH.exec(element.value.slice(0, end));
    if (!match || element.selectionEnd !== element.selectionStart) return setTyped(undefined);
    const next = { start: end - match[2].length - 1, end, query: match[2] };
    if (next.query !== typed?.query || next.start !== typed?.start) setActive(0);
    setTyped(next);
  }

  async function insert(reply: CannedReply) {
    if (!typed) return;
    const at = typed;
    setTyped(undefined);
    try {
      const { data: filled } = await dataProvider.renderCannedReply({ id: reply.id, ticket: ticketId });
      onText(text.slice(0, at.start) + filled + text.slice(at.end));
      const caret = at.start + filled.length;
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.setSelectionRange(caret, caret);
      });
    } catch {
      notify('app.tickets.canned.error', { type: 'error' });
    }
  }

  function onKeyDown(event: KeyboardEvent): boolean {
    if (!open) return false;
    if (event.key === 'Escape') {
      setDismissed(typed.start);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (replies.length === 0) return false;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + replies.length) % replies.length);
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      if (replies.length === 0) return false;
      void insert(replies[Math.min(active, replies.length - 1)]);
    } else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

  const optionId = (index: number) => `canned-reply-option-${index}`;
  const popup = (
    <Popper
      open={open}
      anchorEl={input.current}
      placement="bottom-start"
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1, width: input.current?.clientWidth }}
    >
      <Paper elevation={6}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1 }}>
          {translate('app.tickets.canned.title')}
        </Typography>
        {replies.length === 0 ? (
          <Typography variant="body2" sx={{ px: 2, py: 1 }}>
            {translate(isPending ? 'app.tickets.canned.loading' : 'app.tickets.canned.none')}
          </Typography>
        ) : (
          <List dense role="listbox" id="canned-reply-options" aria-label={translate('app.tickets.canned.title')}>
            {replies.map((reply, index) => (
              <ListItemButton
                key={reply.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                // The text field keeps the focus: a click chooses without taking it away.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void insert(reply)}
              >
                <ListItemText primary={reply.title} secondary={`/${reply.shortcut}`} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
    </Popper>
  );

  const inputProps = open
    ? {
        'aria-controls': 'canned-reply-options',
        'aria-autocomplete': 'list',
        'aria-activedescendant': replies.length > 0 ? optionId(Math.min(active, replies.length - 1)) : undefined,
      }
    : {};
  return { onKeyDown, follow, inputProps, popup };
}
