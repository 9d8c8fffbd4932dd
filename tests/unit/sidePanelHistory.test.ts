// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useNavigate } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeEntry, MAX_HISTORY, openEntry, parseHistory, type SideEntry } from '../../src/custom/sidePanel/history';
import { SidePanelProvider, useSidePanel } from '../../src/custom/sidePanel/SidePanelContext';
import { SIDE_BLOCK_HISTORY_KEY } from '../../src/providers/sessionStore';

const all = () => true;
const none = () => false;
const ticket = (id: number): SideEntry => ({ resource: 'tickets', id });
const user = (id: number): SideEntry => ({ resource: 'users', id });

describe('side-block history', () => {
  it('replaces a trailing entry of the same history-enabled type, appends otherwise', () => {
    let history = openEntry([], ticket(1), all);
    history = openEntry(history, ticket(2), all);
    expect(history).toEqual([ticket(2)]);
    history = openEntry(history, user(7), all);
    expect(history).toEqual([ticket(2), user(7)]);
    // Only a trailing entry is replaced: the ticket under the user stays.
    expect(openEntry(history, ticket(3), all)).toEqual([ticket(2), user(7), ticket(3)]);
    // A type without history appends even after its own kind.
    expect(openEntry([ticket(1)], ticket(2), none)).toEqual([ticket(1), ticket(2)]);
  });

  it('keeps at most 10 entries, dropping the oldest', () => {
    let history: SideEntry[] = [];
    for (let id = 1; id <= 15; id++) history = openEntry(history, id % 2 ? ticket(id) : user(id), all);
    expect(MAX_HISTORY).toBe(10);
    expect(history).toHaveLength(10);
    expect(history[0]).toEqual(user(6));
    expect(history.at(-1)).toEqual(ticket(15));
  });

  it('pops on close, down to nothing', () => {
    expect(closeEntry([ticket(1), user(2)])).toEqual([ticket(1)]);
    expect(closeEntry([ticket(1)])).toEqual([]);
    expect(closeEntry([])).toEqual([]);
  });

  it('reads what localStorage holds, and treats anything unreadable as empty', () => {
    expect(parseHistory(JSON.stringify([ticket(1), { resource: 'users' }, 'x', null, user(2)]))).toEqual([
      ticket(1),
      user(2),
    ]);
    expect(parseHistory('{pas du json')).toEqual([]);
    expect(parseHistory('{"resource":"users","id":1}')).toEqual([]);
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory(JSON.stringify(Array.from({ length: 14 }, (_, id) => ticket(id))))).toEqual(
      Array.from({ length: 10 }, (_, id) => ticket(id + 4)),
    );
  });
});

describe('the side panel store', () => {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(MemoryRouter, { initialEntries: ['/tickets'] }, createElement(SidePanelProvider, null, children));
  const renderPanel = () => renderHook(() => ({ panel: useSidePanel(), navigate: useNavigate() }), { wrapper });
  const stored = () => JSON.parse(localStorage.getItem(SIDE_BLOCK_HISTORY_KEY) ?? 'null') as unknown;

  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows the opened object, keeps the history in localStorage, pops back on close', () => {
    const { result } = renderPanel();
    expect(result.current.panel.current).toBeUndefined();
    act(() => result.current.panel.open(ticket(1)));
    act(() => result.current.panel.open(ticket(2)));
    act(() => result.current.panel.open(user(7)));
    expect(result.current.panel.current).toEqual(user(7));
    expect(stored()).toEqual([ticket(2), user(7)]);
    act(() => result.current.panel.selectSubTab('notes'));
    act(() => result.current.panel.close());
    expect(result.current.panel.current).toEqual(ticket(2));
    expect(result.current.panel.subTab).toBe('infos');
    expect(stored()).toEqual([ticket(2)]);
    act(() => result.current.panel.close());
    expect(result.current.panel.current).toBeUndefined();
    expect(localStorage.getItem(SIDE_BLOCK_HISTORY_KEY)).toBeNull();
  });

  it('hides what it shows on a route change, keeping the history', () => {
    const { result } = renderPanel();
    act(() => result.current.panel.open(ticket(1)));
    act(() => result.current.panel.openAbove(user(3)));
    act(() => result.current.panel.selectSubTab('notes'));
    act(() => result.current.navigate('/users'));
    expect(result.current.panel.current).toBeUndefined();
    expect(result.current.panel.above).toBeUndefined();
    expect(result.current.panel.subTab).toBe('infos');
    expect(stored()).toEqual([ticket(1)]);
    // Opening again goes on from the kept history.
    act(() => result.current.panel.open(user(4)));
    expect(stored()).toEqual([ticket(1), user(4)]);
  });

  it('empties the history on clear, and starts from what another tab left', () => {
    localStorage.setItem(SIDE_BLOCK_HISTORY_KEY, JSON.stringify([user(9)]));
    const { result } = renderPanel();
    expect(result.current.panel.history).toEqual([user(9)]);
    act(() => result.current.panel.open(ticket(1)));
    expect(stored()).toEqual([user(9), ticket(1)]);
    act(() => result.current.panel.clear());
    expect(result.current.panel.current).toBeUndefined();
    expect(result.current.panel.history).toEqual([]);
    expect(localStorage.getItem(SIDE_BLOCK_HISTORY_KEY)).toBeNull();
  });
});
