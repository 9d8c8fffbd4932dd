// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import {
  AdminContext,
  useAddUndoableMutation,
  useNotify,
  type NotificationOptions,
  type NotificationType,
} from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACK_FADE_MS, SNACK_MAX_STACKED, SNACK_VISIBLE_MS, StackedNotification } from '../../src/custom/snackbars';
import { toSnack } from '../../src/custom/snackbars/snacks';
import { shellFr } from '../../src/i18n/shell.fr';

// The http client's session-lost hook, caught to play a lost session.
const sessionLost = vi.hoisted(() => ({ handler: undefined as ((notice?: 'GenericError') => void) | undefined }));
vi.mock(import('../../src/providers/httpClient'), async (importOriginal) => ({
  ...(await importOriginal()),
  setSessionLostHandler: (handler: (notice?: 'GenericError') => void) => {
    sessionLost.handler = handler;
    return () => undefined;
  },
}));

const i18nProvider = polyglotI18nProvider(
  () => ({
    ...frenchMessages,
    app: shellFr,
    GenericError: 'Une erreur est survenue, veuillez réessayer.',
    saved: '%{count} fiches enregistrées',
  }),
  'fr',
  { allowMissing: true },
);

interface Call {
  message: string;
  type: NotificationType;
  options?: NotificationOptions;
  /** Queued as react-admin's undoable mutations are, before their notification. */
  mutation?: (params: { isUndo: boolean }) => void;
}

function Trigger({ calls }: { calls: Call[] }) {
  const notify = useNotify();
  const addMutation = useAddUndoableMutation();
  return (
    <button
      type="button"
      onClick={() => {
        for (const call of calls) {
          if (call.mutation) addMutation(call.mutation);
          // react-admin notifies an undoable mutation on the next tick.
          setTimeout(() => notify(call.message, { type: call.type, ...call.options }), 0);
        }
      }}
    >
      go
    </button>
  );
}

function renderWith(calls: Call[]) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Routes>
        <Route path="/logout" element={<p>page de déconnexion</p>} />
        <Route path="*" element={<Trigger calls={calls} />} />
      </Routes>
      <StackedNotification />
    </AdminContext>,
  );
  fireEvent.click(screen.getByText('go'));
  act(() => vi.advanceTimersByTime(10));
}

// In stacking order as the DOM holds them; the container draws them bottom up, so the newest is on top.
const snacks = () => [...document.querySelectorAll<HTMLElement>('[data-snack-id]')];
// The fade's end is noticed on the next timer tick.
const FOLD_MS = 50;
// In short steps, each its own act(): the transitions chain timers that React schedules between renders.
function wait(ms: number) {
  for (let left = ms; left > 0; left -= 25) act(() => vi.advanceTimersByTime(Math.min(25, left)));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a snack', () => {
  it('is {type, label, id} with a timestamp id, unique within a millisecond', () => {
    const first = toSnack(
      { message: 'saved', type: 'success', notificationOptions: { messageArgs: { count: 2 } } },
      1000,
      0,
    );
    const second = toSnack({ message: 'Error_Login', type: 'error' }, 1000, first.id);
    expect(first).toMatchObject({
      type: 'success',
      label: 'saved',
      id: 1000,
      labelArgs: { count: 2 },
      undoable: false,
      visibleMs: 3000,
    });
    expect(second).toMatchObject({ type: 'error', label: 'Error_Login', id: 1001 });
    expect([SNACK_VISIBLE_MS, SNACK_FADE_MS]).toEqual([3000, 500]);
  });
});

describe('the stacked notifications', () => {
  it('show every notification at once, translated, each in its colour', () => {
    renderWith([
      { message: 'saved', type: 'success', options: { messageArgs: { count: 3 } } },
      { message: 'GenericError', type: 'error' },
      { message: 'ra.notification.item_doesnt_exist', type: 'warning' },
      { message: 'texte libre', type: 'info' },
    ]);
    expect(snacks().map((snack) => [snack.dataset.snackType, snack.textContent])).toEqual([
      ['success', '3 fiches enregistrées'],
      ['error', 'Une erreur est survenue, veuillez réessayer.'],
      ['warning', frenchMessages.ra.notification.item_doesnt_exist],
      ['info', 'texte libre'],
    ]);
    expect(new Set(snacks().map((snack) => Number(snack.dataset.snackId))).size).toBe(4);
    expect(snacks()[0].className).toMatch(/colorSuccess/);
    expect(snacks()[1].className).toMatch(/colorError/);
  });

  it('leave after 3000 ms and a 500 ms fade, or at once on a click', () => {
    renderWith([
      { message: 'saved', type: 'success', options: { messageArgs: { count: 1 } } },
      { message: 'GenericError', type: 'error' },
    ]);
    wait(500);
    fireEvent.click(screen.getByText('Une erreur est survenue, veuillez réessayer.'));
    wait(SNACK_FADE_MS + FOLD_MS);
    expect(snacks().map((snack) => snack.textContent)).toEqual(['1 fiches enregistrées']);
    wait(SNACK_VISIBLE_MS - 500 - SNACK_FADE_MS - FOLD_MS - 100);
    expect(snacks()).toHaveLength(1);
    wait(SNACK_FADE_MS + FOLD_MS + 400);
    expect(snacks()).toHaveLength(0);
  });

  it(`stack at most ${SNACK_MAX_STACKED}: one more fades the oldest out`, () => {
    renderWith(
      Array.from({ length: SNACK_MAX_STACKED + 1 }, (_, index) => ({
        message: `message ${index + 1}`,
        type: 'info' as const,
      })),
    );
    wait(SNACK_FADE_MS + FOLD_MS);
    const texts = snacks().map((snack) => snack.textContent);
    expect(texts).toHaveLength(SNACK_MAX_STACKED);
    expect(texts).not.toContain('message 1');
    expect(texts.at(-1)).toBe(`message ${SNACK_MAX_STACKED + 1}`);
  });

  it('keep an undoable mutation until its snack goes, and undo it on "Annuler"', () => {
    const first = vi.fn();
    const second = vi.fn();
    renderWith([
      {
        message: 'ra.notification.deleted',
        type: 'info',
        options: { undoable: true, messageArgs: { smart_count: 1 } },
        mutation: first,
      },
      {
        message: 'ra.notification.updated',
        type: 'info',
        options: { undoable: true, messageArgs: { smart_count: 1 } },
        mutation: second,
      },
    ]);
    expect(screen.getAllByRole('button', { name: 'Annuler' })).toHaveLength(2);
    // The second one undone: its own mutation rolls back, not the first queued.
    fireEvent.click(screen.getAllByRole('button', { name: 'Annuler' })[1]);
    expect(second).toHaveBeenCalledWith({ isUndo: true });
    expect(first).not.toHaveBeenCalled();
    wait(SNACK_VISIBLE_MS);
    expect(first).not.toHaveBeenCalled();
    wait(SNACK_FADE_MS + FOLD_MS + 400);
    expect(first).toHaveBeenCalledWith({ isUndo: false });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('say that the session is lost, then go to /logout', () => {
    renderWith([]);
    act(() => sessionLost.handler?.('GenericError'));
    wait(10);
    expect(screen.getByRole('alert').textContent).toBe('Une erreur est survenue, veuillez réessayer.');
    expect(screen.getByText('page de déconnexion')).toBeTruthy();
  });
});
