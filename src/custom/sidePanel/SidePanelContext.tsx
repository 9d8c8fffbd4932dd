import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { SIDE_BLOCK_HISTORY_KEY } from '../../providers/sessionStore';
import { closeEntry, openEntry, parseHistory, type SideEntry } from './history';

export const DEFAULT_SUB_TAB = 'infos';

export interface SidePanelState {
  /** The object shown, or none: the last history entry while the panel is open. */
  current?: SideEntry;
  history: SideEntry[];
  subTab: string;
  open(entry: SideEntry): void;
  /** Pops the shown object and shows the previous one, or nothing. */
  close(): void;
  /** Empties the history and hides the panel. */
  clear(): void;
  selectSubTab(tab: string): void;
}

const SidePanelContext = createContext<SidePanelState | undefined>(undefined);

// Every type keeps one trailing entry when another object of the same type is opened (spec section 4).
const historyEnabled = () => true;

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
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  // Spec section 2: every route change clears the objects shown beside the page; the history stays.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    setVisible(false);
    setSubTab(DEFAULT_SUB_TAB);
  }, [pathname]);

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
  }, [update]);

  const value = useMemo<SidePanelState>(
    () => ({ current: visible ? history.at(-1) : undefined, history, subTab, open, close, clear, selectSubTab: setSubTab }),
    [visible, history, subTab, open, close, clear],
  );
  return <SidePanelContext.Provider value={value}>{children}</SidePanelContext.Provider>;
}

export function useSidePanel(): SidePanelState {
  const state = useContext(SidePanelContext);
  if (!state) throw new Error('useSidePanel() must be used inside <SidePanelProvider> (the app layout).');
  return state;
}
