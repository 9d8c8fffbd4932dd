import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity, type Identifier } from 'react-admin';
import { PRESENCE_HEARTBEAT_SECONDS, TYPING_SIGNAL_SECONDS, type PresenceState } from '../../../domain/presence';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { presenceKey, presenceOf, presentAt, type TicketPresenceState } from './presenceStore';

/** Sends a signal and takes its answer (who else is there) as the ticket's presence. Failures wait for the next. */
function useSignal(ticket: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useCallback(
    (state: PresenceState) =>
      dataProvider
        .signalTicketPresence({ id: ticket, state })
        .then(({ data }) => {
          if (state !== 'left') queryClient.setQueryData(presenceKey(ticket), presenceOf(data));
        })
        .catch(() => undefined),
    [dataProvider, queryClient, ticket],
  );
}

/**
 * While a ticket's panel is open: says so now and every PRESENCE_HEARTBEAT_SECONDS, and that it left when
 * the panel closes or the page goes away (else its presence lapses on the server and in the others' screens).
 */
export function useTicketPresenceHeartbeat(ticket: Identifier): void {
  const signal = useSignal(ticket);
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = presenceKey(ticket);
    if (!queryClient.getQueryData(key)) queryClient.setQueryData<TicketPresenceState>(key, {});
    void signal('viewing');
    const timer = window.setInterval(() => void signal('viewing'), PRESENCE_HEARTBEAT_SECONDS * 1000);
    const leave = () => void signal('left');
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) void signal('viewing');
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      leave();
      queryClient.removeQueries({ queryKey: key });
    };
  }, [queryClient, signal, ticket]);
}

/** Tells the others the reply box changed, at most every TYPING_SIGNAL_SECONDS. */
export function useTypingSignal(ticket: Identifier): () => void {
  const signal = useSignal(ticket);
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_SIGNAL_SECONDS * 1000) return;
    last.current = now;
    void signal('typing');
  }, [signal]);
}

/** The others on a ticket and those typing, drawn again as each one lapses. */
export function usePresentOthers(ticket: Identifier) {
  const { data: state } = useQuery<TicketPresenceState>({
    queryKey: presenceKey(ticket),
    queryFn: () => ({}),
    enabled: false,
  });
  const { identity } = useGetIdentity();
  const [now, setNow] = useState(() => Date.now());
  const seen = presentAt(state, now, identity?.id);
  useEffect(() => {
    if (seen.nextChange === undefined) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, seen.nextChange - Date.now()) + 50);
    return () => window.clearTimeout(timer);
  }, [seen.nextChange, now]);
  return seen;
}
