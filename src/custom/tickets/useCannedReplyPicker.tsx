import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { isMacro, type CannedReplyChoice } from './MacroSummary';
import { sessionAllows } from '../../providers/authProvider';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useCaretPicker, useCaretTrigger, type CaretPicker, type TicketTextField } from './useCaretPicker';

/** How many canned replies the picker offers at once, best matches first. */
const PICKER_SIZE = 8;

/** A `/` at the start of a word, just before the caret, and what was typed after it. */
const SLASH = /(^|\s)\/([^\s/]*)$/;

type CannedReply = CannedReplyChoice;

export interface CannedReplyPicker extends CaretPicker {
  /** To call after each change of the text or of the caret. */
  follow(): void;
}

/**
 * "Réponses types" in the reply box: a `/` typed at the start of a word opens a search of the canned
 * replies by shortcut or title (what follows the `/`); arrows choose, Enter puts the reply, its variables
 * filled by the server for this ticket and agent, in place of the `/` and what followed; Escape closes. A
 * macro's settings are the caller's to show and send (`onChosen`).
 */
export function useCannedReplyPicker({
  ticketId,
  text,
  onText,
  input,
  onChosen,
}: TicketTextField & {
  /** Told of the reply put in, for what it also sets (a macro). */
  onChosen?: (reply: CannedReplyChoice) => void;
}): CannedReplyPicker {
  const notify = useNotify();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  // Support staff's: a contributor answering their own bug ticket has none.
  const trigger = useCaretTrigger(SLASH, input, sessionAllows('canned-replies', 'list'));
  const { data: replies = [], isPending } = useGetList<CannedReply & { body: string }>(
    'canned-replies',
    {
      filter: trigger.typed?.query ? { q: trigger.typed.query } : {},
      pagination: { page: 1, perPage: PICKER_SIZE },
      sort: { field: 'title', order: 'ASC' },
    },
    { enabled: trigger.open },
  );

  async function insert(reply: CannedReply, at: { start: number; end: number }) {
    try {
      const { data: filled } = await dataProvider.renderCannedReply({ id: reply.id, ticket: ticketId });
      onText(text.slice(0, at.start) + filled + text.slice(at.end));
      onChosen?.(reply);
      const caret = at.start + filled.length;
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.setSelectionRange(caret, caret);
      });
    } catch {
      notify('app.tickets.canned.error', { type: 'error' });
    }
  }

  const picker = useCaretPicker({
    trigger,
    input,
    items: replies,
    isPending,
    choose: (reply, at) => void insert(reply, at),
    listId: 'canned-reply-options',
    title: 'app.tickets.canned.title',
    loading: 'app.tickets.canned.loading',
    none: 'app.tickets.canned.none',
    primary: (reply) => reply.title,
    secondary: (reply) => `/${reply.shortcut}${isMacro(reply) ? ` · ${translate('app.tickets.macro.badge')}` : ''}`,
  });
  return { ...picker, follow: trigger.follow };
}
