import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { MentionCandidate } from '../../domain/mentions';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useCaretPicker, useCaretTrigger, type CaretPicker, type TicketTextField } from '../tickets/useCaretPicker';

/** An `@` at the start of a word, just before the caret, and the name typed after it (one space allowed). */
const AT = /(^|\s)@([^\s@]*(?: [^\s@]*)?)$/;

/** The ids of the chosen colleagues whose `@Name` is still in the text: deleting the name drops the mention. */
export function mentionedIn(text: string, chosen: readonly MentionCandidate[]): number[] {
  return [...new Set(chosen.filter((person) => text.includes(`@${person.name}`)).map((person) => person.id))];
}

export interface MentionPicker extends CaretPicker {
  /** To call after each change of the text or of the caret. */
  follow(): void;
  /** The ids the text mentions now. */
  mentions(text: string): number[];
  /** Forgets the chosen colleagues (the note was written). */
  reset(): void;
}

/**
 * "@" in a ticket's internal note: an `@` typed at the start of a word offers the colleagues who may be
 * mentioned on this ticket (the server's list: its structure's support staff and the platform's, never its
 * author), searched by what follows; arrows choose, Enter or a click puts `@Claire Moreau ` in place of what
 * was typed, and the colleague's id goes with the note. Escape closes. The canned replies' `/` picker's keys.
 */
export function useMentionPicker({ ticketId, text, onText, input }: TicketTextField): MentionPicker {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [chosen, setChosen] = useState<MentionCandidate[]>([]);
  const trigger = useCaretTrigger(AT, input);
  const query = trigger.typed?.query.trim() ?? '';
  const { data: candidates = [], isPending } = useQuery({
    queryKey: ['mention-candidates', String(ticketId), query],
    queryFn: ({ signal }) => dataProvider.getMentionCandidates(ticketId, query, signal),
    enabled: trigger.open,
    staleTime: 30_000,
  });

  function insert(person: MentionCandidate, at: { start: number; end: number }) {
    const token = `@${person.name} `;
    onText(text.slice(0, at.start) + token + text.slice(at.end));
    setChosen((before) => (before.some((other) => other.id === person.id) ? before : [...before, person]));
    const caret = at.start + token.length;
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(caret, caret);
    });
  }

  const picker = useCaretPicker({
    trigger,
    input,
    items: candidates,
    isPending,
    choose: insert,
    listId: `mention-options-${ticketId}`,
    title: 'app.mentions.picker',
    loading: 'app.mentions.picker_loading',
    none: 'app.mentions.picker_none',
    primary: (person) => person.name,
  });
  return {
    ...picker,
    follow: trigger.follow,
    mentions: (current) => mentionedIn(current, chosen),
    reset: () => setChosen([]),
  };
}
