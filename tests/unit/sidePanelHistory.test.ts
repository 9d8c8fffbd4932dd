import { describe, expect, it } from 'vitest';
import { closeEntry, MAX_HISTORY, openEntry, parseHistory, type SideEntry } from '../../src/custom/sidePanel/history';
import { dropSnack, pushSnack, SNACK_FADE_MS, SNACK_VISIBLE_MS, toSnack } from '../../src/custom/snackbars/snacks';

const all = () => true;
const none = () => false;
const ticket = (id: number): SideEntry => ({ resource: 'tickets', id });
const user = (id: number): SideEntry => ({ resource: 'users', id });

describe('side-block history (spec section 4)', () => {
  it('replaces a trailing entry of the same history-enabled type, appends otherwise', () => {
    let history = openEntry([], ticket(1), all);
    history = openEntry(history, ticket(2), all);
    expect(history).toEqual([ticket(2)]);
    history = openEntry(history, user(7), all);
    expect(history).toEqual([ticket(2), user(7)]);
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
    expect(parseHistory(JSON.stringify([ticket(1), { resource: 'users' }, 'x', user(2)]))).toEqual([ticket(1), user(2)]);
    expect(parseHistory('{pas du json')).toEqual([]);
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory(JSON.stringify(Array.from({ length: 14 }, (_, id) => ticket(id))))).toHaveLength(10);
  });
});

describe('snacks (spec sections 3 and 9)', () => {
  it('last 3000 ms and fade in 500 ms', () => {
    expect([SNACK_VISIBLE_MS, SNACK_FADE_MS]).toEqual([3000, 500]);
  });

  it('are {type, label, id} with unique timestamp ids, newest on top', () => {
    const first = toSnack({ message: 'ra.notification.updated', type: 'success', notificationOptions: { messageArgs: { smart_count: 1 } } }, 1000, 0);
    const second = toSnack({ message: 'Error_Login', type: 'error' }, 1000, first.id);
    expect(first).toMatchObject({ type: 'success', label: 'ra.notification.updated', id: 1000, labelArgs: { smart_count: 1 }, undoable: false });
    expect(second.id).toBe(1001);
    const stack = [first, second].reduce(pushSnack, []);
    expect(stack.map((snack) => snack.label)).toEqual(['Error_Login', 'ra.notification.updated']);
    expect(dropSnack(stack, first.id)).toEqual([second]);
  });
});
