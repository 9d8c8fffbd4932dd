import { useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { List, ListItemButton, ListItemText, Paper, Popper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { MentionCandidate } from '../../domain/mentions';
import type { AppDataProvider } from '../../providers/dataProvider';

/** An `@` at the start of a word, just before the caret, and the name typed after it (one space allowed). */
const AT = /(^|\s)@([^\s@]*(?: [^\s@]*)?)$/;

interface Typed {
  /** Where the `@` is. */
  start: number;
  /** Where the caret is. */
  end: number;
  query: string;
}

/** The ids of the chosen colleagues whose `@Name` is still in the text: deleting the name drops the mention. */
export function mentionedIn(text: string, chosen: readonly MentionCandidate[]): number[] {
  return [...new Set(chosen.filter((person) => text.includes(`@${person.name}`)).map((person) => person.id))];
}

export interface MentionPicker {
  /** Handles the keys of an open picker (arrows, Enter, Escape); answers whether it did. */
  onKeyDown(event: KeyboardEvent): boolean;
  /** To call after each change of the text or of the caret. */
  follow(): void;
  /** The text field's accessibility properties while the picker shows. */
  inputProps: Record<string, string | boolean | undefined>;
  popup: ReactNode;
  /** The ids the text mentions now. */
  mentions(text: string): number[];
  /** Forgets the chosen colleagues (the note was written). */
  reset(): void;
}

/**
 * "@" in a ticket's internal note: an `@` typed at the start of a word offers the colleagues who may be
 * mentioned on this ticket (the server's list: its structure's support staff and the platform's, never its
 * author), searched by what follows; arrows choose, Enter or a click puts `@Claire Moreau ` in place of what
 * was typed, and the colleague's id goes with the note. Escape closes. The same keys as the canned replies'
 * `/` in the reply box.
 */
export function useMentionPicker({
  ticketId,
  text,
  onText,
  input,
}: {
  ticketId: Identifier;
  text: string;
  onText: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
}): MentionPicker {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [typed, setTyped] = useState<Typed>();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number>();
  const [chosen, setChosen] = useState<MentionCandidate[]>([]);
  const open = typed !== undefined && dismissed !== typed.start;
  const query = typed?.query.trim() ?? '';
  const { data: candidates = [], isPending } = useQuery({
    queryKey: ['mention-candidates', String(ticketId), query],
    queryFn: ({ signal }) => dataProvider.getMentionCandidates(ticketId, query, signal),
    enabled: open,
    staleTime: 30_000,
  });

  function follow() {
    const element = input.current;
    if (!element) return;
    const end = element.selectionStart ?? element.value.length;
    const match = AT.exec(element.value.slice(0, end));
    if (!match || element.selectionEnd !== element.selectionStart) return setTyped(undefined);
    const next = { start: end - match[2].length - 1, end, query: match[2] };
    if (next.query !== typed?.query || next.start !== typed?.start) setActive(0);
    setTyped(next);
  }

  function insert(person: MentionCandidate) {
    if (!typed) return;
    const at = typed;
    setTyped(undefined);
    const token = `@${person.name} `;
    onText(text.slice(0, at.start) + token + text.slice(at.end));
    setChosen((before) => (before.some((other) => other.id === person.id) ? before : [...before, person]));
    const caret = at.start + token.length;
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(caret, caret);
    });
  }

  function onKeyDown(event: KeyboardEvent): boolean {
    if (!open) return false;
    if (event.key === 'Escape') {
      setDismissed(typed.start);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (candidates.length === 0) return false;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + candidates.length) % candidates.length);
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      if (candidates.length === 0) return false;
      insert(candidates[Math.min(active, candidates.length - 1)]);
    } else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

  const listId = `mention-options-${ticketId}`;
  const optionId = (index: number) => `${listId}-${index}`;
  const popup = (
    <Popper
      open={open}
      anchorEl={input.current}
      placement="bottom-start"
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1, width: input.current?.clientWidth }}
    >
      <Paper elevation={6}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1 }}>
          {translate('app.mentions.picker')}
        </Typography>
        {candidates.length === 0 ? (
          <Typography variant="body2" sx={{ px: 2, py: 1 }}>
            {translate(isPending ? 'app.mentions.picker_loading' : 'app.mentions.picker_none')}
          </Typography>
        ) : (
          <List dense role="listbox" id={listId} aria-label={translate('app.mentions.picker')}>
            {candidates.map((person, index) => (
              <ListItemButton
                key={person.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                // The text field keeps the focus: a click chooses without taking it away.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(person)}
              >
                <ListItemText primary={person.name} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
    </Popper>
  );

  const inputProps = open
    ? {
        'aria-controls': listId,
        'aria-autocomplete': 'list',
        'aria-activedescendant': candidates.length > 0 ? optionId(Math.min(active, candidates.length - 1)) : undefined,
      }
    : {};
  return {
    onKeyDown,
    follow,
    inputProps,
    popup,
    mentions: (current) => mentionedIn(current, chosen),
    reset: () => setChosen([]),
  };
}
