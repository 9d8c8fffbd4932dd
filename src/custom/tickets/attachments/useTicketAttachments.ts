import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { TicketAttachment } from '../../../domain/ticketAttachments';
import type { AppDataProvider } from '../../../providers/dataProvider';

/**
 * A ticket's attachments (a reply's for everyone who reads the ticket, a note's for staff), one call for
 * the whole thread. Under the `tickets` key: a sent message and the live events fetch them again.
 */
export function useTicketAttachments(ticketId: Identifier | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['tickets', 'attachments', String(ticketId)],
    queryFn: () => dataProvider.getTicketAttachments(ticketId as Identifier),
    enabled: ticketId !== undefined,
  });
}

/** The attachments a message or a note carries, from the thread's one list. */
export function useCarriedAttachments(
  ticketId: Identifier | undefined,
  carrier: { message: Identifier } | { note: Identifier },
): TicketAttachment[] {
  const { data } = useTicketAttachments(ticketId);
  const [field, id] =
    'message' in carrier ? (['message', carrier.message] as const) : (['note', carrier.note] as const);
  return (data ?? []).filter((attachment) => attachment[field] !== null && String(attachment[field]) === String(id));
}

/**
 * A file's bytes and an object URL of them, fetched signed in (an attachment has no public address). A
 * file never changes: it is fetched once a session.
 */
export function useAttachmentFile(attachment: TicketAttachment | undefined, enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({
    queryKey: ['ticket-attachment-files', attachment?.id],
    queryFn: ({ signal }) => dataProvider.fetchTicketAttachment((attachment as TicketAttachment).id, signal),
    enabled: enabled && attachment !== undefined,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!query.data) return;
    const objectUrl = URL.createObjectURL(query.data);
    let live = true;
    // Set once this effect is known to stay (a strict-mode rerun revokes the first URL before it is shown).
    void Promise.resolve().then(() => live && setUrl(objectUrl));
    return () => {
      live = false;
      URL.revokeObjectURL(objectUrl);
    };
  }, [query.data]);
  return { blob: query.data, url, isError: query.isError, isPending: query.isPending };
}
