import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { openLiveEvents, type TicketEvent } from '../../providers/liveEvents';
import { useStructureChoice } from '../tenancy/useSessionStructure';
import { setLiveReady } from './liveReady';
import { receivePresence } from '../tickets/presence/presenceStore';

/** Events arriving together (a reply: its message, then its status) refresh the screens once. */
const BATCH_MS = 50;

/**
 * Keeps what the screens show of tickets live: every event on a ticket the session may see
 * refetches the tickets' queries (lists, open panels, the menu's count; react-query refetches only those
 * on screen), a note's the notes' too. Renders nothing; mounted once by the layout, for signed-in pages.
 * The stream's ticket carries the session's structure: platform staff switching structures open a new one.
 */
export function LiveEvents() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [choice] = useStructureChoice();
  const structure = choice?.id ?? null;
  useEffect(() => {
    const stale = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = (resources: string[]) => {
      for (const resource of resources) stale.add(resource);
      timer ??= setTimeout(() => {
        timer = undefined;
        for (const resource of stale) void queryClient.invalidateQueries({ queryKey: [resource] });
        stale.clear();
      }, BATCH_MS);
    };
    const stop = openLiveEvents({
      fetchTicket: async () => (await dataProvider.getEventStreamTicket()).data.ticket,
      onTicketEvent: (event: TicketEvent) => refresh(event.kind === 'note' ? ['tickets', 'notes-bo'] : ['tickets']),
      onPresenceEvent: (event) => receivePresence(queryClient, event),
      onMentionEvent: () => refresh(['mentions']),
      // Live again after a reconnection: what was read before it may have missed an event.
      onReady: () => {
        setLiveReady(true);
        refresh(['mentions']);
      },
      onReset: () => refresh(['tickets', 'notes-bo', 'mentions']),
    });
    return () => {
      setLiveReady(false);
      stop();
      clearTimeout(timer);
    };
  }, [dataProvider, queryClient, structure]);
  return null;
}
