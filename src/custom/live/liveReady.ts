import { useSyncExternalStore } from 'react';

let ready = false;
const listeners = new Set<() => void>();

/** Said by the layout's event stream: it is open and receives every event (false again once closed). */
export function setLiveReady(value: boolean): void {
  if (ready === value) return;
  ready = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * Whether the event stream is live. What the stream keeps up to date is read once it is: nothing that
 * happens between the read and the stream's start can be missed, and the first screen's rows are asked
 * for first.
 */
export const useLiveReady = (): boolean => useSyncExternalStore(subscribe, () => ready);
