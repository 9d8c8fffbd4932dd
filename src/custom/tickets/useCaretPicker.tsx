import { useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { List, ListItemButton, ListItemText, Paper, Popper, Typography } from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';

/** What a picker of a ticket's text field works on: the ticket, the text and its field. */
export interface TicketTextField {
  ticketId: Identifier;
  text: string;
  onText: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
}

/** What was typed after the trigger, just before the caret. */
export interface Typed {
  /** Where the trigger character is. */
  start: number;
  /** Where the caret is. */
  end: number;
  query: string;
}

/** The trigger typed before the caret, followed as the text and the caret move. */
export interface CaretTrigger {
  typed?: Typed;
  /** Typed, not dismissed with Escape, and allowed. */
  open: boolean;
  /** To call after each change of the text or of the caret. */
  follow(): void;
  close(): void;
  dismiss(): void;
}

/**
 * Follows a trigger typed in a text field (a `/` or an `@` at the start of a word) and what follows it up to the
 * caret: `pattern` matches the text before the caret, its second group being the query.
 */
export function useCaretTrigger(
  pattern: RegExp,
  input: RefObject<HTMLTextAreaElement | null>,
  allowed = true,
): CaretTrigger {
  const [typed, setTyped] = useState<Typed>();
  const [dismissed, setDismissed] = useState<number>();
  const open = allowed && typed !== undefined && dismissed !== typed.start;

  function follow() {
    const element = input.current;
    if (!element) return;
    const end = element.selectionStart ?? element.value.length;
    const match = pattern.exec(element.value.slice(0, end));
    if (!match || element.selectionEnd !== element.selectionStart) return setTyped(undefined);
    setTyped({ start: end - match[2].length - 1, end, query: match[2] });
  }

  return {
    typed,
    open,
    follow,
    close: () => setTyped(undefined),
    dismiss: () => setDismissed(typed?.start),
  };
}

export interface CaretPicker {
  /** Handles the keys of an open picker (arrows, Enter, Escape); answers whether it did. */
  onKeyDown(event: KeyboardEvent): boolean;
  /** The text field's accessibility properties while the picker shows. */
  inputProps: Record<string, string | boolean | undefined>;
  popup: ReactNode;
}

/**
 * The list a trigger opens under the text field: arrows choose, Enter or a click calls `choose` with what
 * was typed (the caller puts its text in place of it), Escape closes. The text field keeps the focus; the
 * active option is its `aria-activedescendant`. Messages are translation keys.
 */
export function useCaretPicker<T extends { id: Identifier }>({
  trigger,
  input,
  items,
  isPending,
  choose,
  listId,
  title,
  loading,
  none,
  primary,
  secondary,
}: {
  trigger: CaretTrigger;
  input: RefObject<HTMLTextAreaElement | null>;
  items: readonly T[];
  isPending: boolean;
  choose: (item: T, typed: Typed) => void;
  listId: string;
  title: string;
  loading: string;
  none: string;
  primary: (item: T) => string;
  secondary?: (item: T) => string;
}): CaretPicker {
  const translate = useTranslate();
  const [activeFor, setActiveFor] = useState<{ at?: Typed; index: number }>({ index: 0 });
  const { typed, open } = trigger;
  // A new query starts again at the first option.
  const sameQuery = activeFor.at?.start === typed?.start && activeFor.at?.query === typed?.query;
  const active = sameQuery ? Math.min(activeFor.index, Math.max(items.length - 1, 0)) : 0;

  function pick(item: T) {
    if (!typed) return;
    trigger.close();
    choose(item, typed);
  }

  function onKeyDown(event: KeyboardEvent): boolean {
    if (!open) return false;
    if (event.key === 'Escape') {
      trigger.dismiss();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return false;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveFor({ at: typed, index: (active + step + items.length) % items.length });
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      if (items.length === 0) return false;
      pick(items[active]);
    } else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

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
          {translate(title)}
        </Typography>
        {items.length === 0 ? (
          <Typography variant="body2" sx={{ px: 2, py: 1 }}>
            {translate(isPending ? loading : none)}
          </Typography>
        ) : (
          <List dense role="listbox" id={listId} aria-label={translate(title)}>
            {items.map((item, index) => (
              <ListItemButton
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                // The text field keeps the focus: a click chooses without taking it away.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
              >
                <ListItemText primary={primary(item)} secondary={secondary?.(item)} />
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
        'aria-activedescendant': items.length > 0 ? optionId(active) : undefined,
      }
    : {};
  return { onKeyDown, inputProps, popup };
}
