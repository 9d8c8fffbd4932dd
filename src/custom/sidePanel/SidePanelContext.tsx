import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-admin';
import { SIDE_BLOCK_HISTORY_KEY } from '../../providers/sessionStore';
import { closeEntry, openEntry, parseHistory, type SideEntry } from './history';
import { DEFAULT_SUB_TAB } from './tabs';

export interface SidePanelState {
  /** The object shown (the last history entry), or none while the panel is closed. */
  current?: SideEntry;
  history: readonly SideEntry[];
  subTab: string;
  /** The object shown in the block above the panel's own (AboveBlock); not kept in the history. */
  above?: SideEntry;
  open(entry: SideEntry): void;
  /** Pops the shown object and shows the previous one, or nothing. */
  close(): void;
  /** Empties the history and hides the panel. */
  clear(): void;
  selectSubTab(tab: string): void;
  openAbove(entry: SideEntry): void;
  closeAbove(): void;
}

const SidePanelContext = createContext<SidePanelState | undefined>(undefined);

// Every type is history-enabled: going from one ticket to the next keeps one entry, a user opened from a
// ticket stacks on it (openEntry: an object replaces a trailing entry of its own type).
const historyEnabled = () => true;

// Read at each change rather than kept only in memory: another tab of the application may have changed it.
const readHistory = () => parseHistory(localStorage.getItem(SIDE_BLOCK_HISTORY_KEY));
const writeHistory = (history: SideEntry[]) => {
  if (history.length > 0) localStorage.setItem(SIDE_BLOCK_HISTORY_KEY, JSON.stringify(history));
  else localStorage.removeItem(SIDE_BLOCK_HISTORY_KEY);
};

/** The side panel's state for the whole layout: its history in localStorage, what it shows in memory. */
export function SidePanelProvider({ children }: { children: ReactNode }) {
  const [history, setHistory] = useState<SideEntry[]>(readHistory);
  const [visible, setVisible] = useState(false);
  const [subTab, setSubTab] = useState(DEFAULT_SUB_TAB);
  const [above, setAbove] = useState<SideEntry>();
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);

  // A route change clears the objects shown beside the page, which belong to the page left (the history
  // stays). Done while rendering, so that the new page never draws with the previous page's panel.
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setVisible(false);
    setAbove(undefined);
    setSubTab(DEFAULT_SUB_TAB);
  }

  const update = useCallback((next: SideEntry[]) => {
    writeHistory(next);
    setHistory(next);
  }, []);

  const open = useCallback(
    (entry: SideEntry) => {
      update(openEntry(readHistory(), entry, historyEnabled));
      setSubTab(DEFAULT_SUB_TAB);
      setVisible(true);
    },
    [update],
  );
  const close = useCallback(() => {
    const next = closeEntry(readHistory());
    update(next);
    setSubTab(DEFAULT_SUB_TAB);
    if (next.length === 0) setVisible(false);
  }, [update]);
  const clear = useCallback(() => {
    update([]);
    setVisible(false);
    setAbove(undefined);
  }, [update]);
  const closeAbove = useCallback(() => setAbove(undefined), []);

  const value = useMemo<SidePanelState>(
    () => ({
      current: visible ? history.at(-1) : undefined,
      history,
      subTab,
      above,
      open,
      close,
      clear,
      selectSubTab: setSubTab,
      openAbove: setAbove,
      closeAbove,
    }),
    [visible, history, subTab, above, open, close, clear, closeAbove],
  );
  return <SidePanelContext.Provider value={value}>{children}</SidePanelContext.Provider>;
}

export function useSidePanel(): SidePanelState {
  const state = useContext(SidePanelContext);
  if (!state) throw new Error('useSidePanel() must be used inside <SidePanelProvider> (the app layout).');
  return state;
}
