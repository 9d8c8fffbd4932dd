import { useRef, useState } from 'react';
import { useNotify, type Identifier } from 'react-admin';
import type { TicketMessage } from '../../../domain/records';
import type { TicketMessageStatus } from '../../../providers/actions';
import { isNewerMessageRefusal, useTicketMessage } from '../useTicketMessage';
import { NewerMessageDialog } from './NewerMessageDialog';
import { useTypingSignal } from './useTicketPresence';

interface Pending {
  status: TicketMessageStatus;
  message: string;
  attachments?: readonly number[];
  cannedReply?: Identifier;
  newer: TicketMessage[];
}

const newestOf = (messages: readonly TicketMessage[]) => messages.reduce((newest, m) => Math.max(newest, m.id), 0);

/**
 * The reply box's collision checks. `onText` follows the text: the moment it stops being blank, the newest
 * message shown is what the reply answers, and each change tells the others it is being typed. `send` carries
 * that message's id; when a newer one came meanwhile the server refuses (409), the dialog shows it, and
 * "Envoyer quand même" sends past it (`onSent` then empties the box) while "Relire" keeps the text and takes
 * the new messages as read.
 */
export function useReplyGuard({
  ticketId,
  messages,
  text,
  setText,
  signalsTyping,
  onSentAnyway,
}: {
  ticketId: Identifier;
  messages: readonly TicketMessage[];
  text: string;
  setText: (text: string) => void;
  /** Support staff's typing is shown to their colleagues; a ticket's author's is nobody's business. */
  signalsTyping: boolean;
  /** After "Envoyer quand même" went: what the box held besides its text (its files) is spent too. */
  onSentAnyway?: () => void;
}) {
  const notify = useNotify();
  const typed = useTypingSignal(ticketId);
  const { mutateAsync, isPending } = useTicketMessage(ticketId);
  const answering = useRef<number | undefined>(undefined);
  const [pending, setPending] = useState<Pending | undefined>();

  function onText(next: string) {
    if (next.trim() === '') answering.current = undefined;
    else {
      if (text.trim() === '' || answering.current === undefined) answering.current = newestOf(messages);
      if (signalsTyping) typed();
    }
    setText(next);
  }

  async function send(
    status: TicketMessageStatus,
    message: string,
    attachments?: readonly number[],
    cannedReply?: Identifier,
  ) {
    try {
      return await mutateAsync({
        message,
        status,
        attachments,
        cannedReply,
        lastMessage: answering.current ?? newestOf(messages),
      });
    } catch (error) {
      if (isNewerMessageRefusal(error))
        setPending({
          status,
          message,
          attachments,
          cannedReply,
          newer: (error.body as { newerMessages: TicketMessage[] }).newerMessages,
        });
      throw error;
    }
  }

  async function sendAnyway() {
    if (!pending) return;
    try {
      await mutateAsync({
        message: pending.message,
        status: pending.status,
        attachments: pending.attachments,
        cannedReply: pending.cannedReply,
        force: true,
      });
      setPending(undefined);
      answering.current = undefined;
      setText('');
      onSentAnyway?.();
      notify('app.tickets.sent', { type: 'success' });
    } catch {
      // The error snackbar is shown by useTicketMessage; the dialog stays to try again or go back.
    }
  }

  function reread() {
    if (pending) answering.current = Math.max(answering.current ?? 0, newestOf(pending.newer));
    setPending(undefined);
  }

  const dialog = (
    <NewerMessageDialog
      messages={pending?.newer ?? []}
      sending={isPending}
      onSendAnyway={() => void sendAnyway()}
      onReread={reread}
    />
  );
  return { onText, send, sending: isPending, dialog };
}
