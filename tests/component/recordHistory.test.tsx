// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordHistory } from '../../src/custom/history/RecordHistory';
import { historyFr } from '../../src/i18n/history.fr';
import { partsFr } from '../../src/i18n/parts.fr';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import type { RevisionRecord } from '../../src/providers/actions';
import { sessionStore } from '../../src/providers/sessionStore';

/**
 * A record's "Historique" on a mocked data provider: its changes newest first with who and when, the
 * newest marked as the current version, "Restaurer cette version" confirmed then sent with the record's
 * version and followed by a new reading of the history, and a refusal's reasons in French.
 */

const PART = {
  id: 7,
  chapter: 3,
  type: 'text_markdown',
  title: 'Les tableaux',
  content: { markdown: 'Troisième version' },
  updatedAt: '2026-03-02T10:02:00.000Z',
};

const revision = (id: number, at: string, before: string | null, after: string): RevisionRecord => ({
  id,
  entry: id + 100,
  at,
  user: 5,
  userName: 'Claire Martin',
  action: before === null ? 'create' : 'update',
  operation: before === null ? 'create' : 'update',
  changes: {
    content: { before: before === null ? null : { markdown: before }, after: { markdown: after } },
  },
});

const REVISIONS = [
  revision(3, '2026-03-02T10:02:00.000Z', 'Deuxième version', 'Troisième version'),
  revision(2, '2026-03-02T10:01:00.000Z', 'Première version', 'Deuxième version'),
  revision(1, '2026-03-02T10:00:00.000Z', null, 'Première version'),
];

function fakeProvider(revisions: RevisionRecord[], restore = vi.fn(async () => ({ data: PART }))) {
  const getRevisions = vi.fn(async () => ({ data: revisions, total: revisions.length }));
  const dataProvider = {
    getOne: vi.fn(async () => ({ data: PART })),
    getRevisions,
    restoreRevision: restore,
  } as unknown as DataProvider;
  return { dataProvider, getRevisions, restore };
}

function renderHistory(dataProvider: DataProvider) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
      <RecordHistory resource="chapter-parts" id={7} />
    </AdminContext>,
  );
}

beforeEach(() => {
  const payload = btoa(JSON.stringify({ role: ['ROLE_SUPER_ADMIN'], exp: Math.floor(Date.now() / 1000) + 3600 }));
  sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_SUPER_ADMIN'] });
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

const entries = async () =>
  within(await screen.findByRole('list', { name: historyFr.list })).getAllByRole('listitem', { hidden: false });

describe("a record's history", () => {
  it('says so when nothing was recorded', async () => {
    renderHistory(fakeProvider([]).dataProvider);
    expect(await screen.findByText(historyFr.empty)).toBeTruthy();
  });

  it('lists the changes newest first, with who, what and the difference, the newest as the current version', async () => {
    const { dataProvider, getRevisions } = fakeProvider(REVISIONS);
    renderHistory(dataProvider);
    const items = (await entries()).filter((item) => item.hasAttribute('data-revision'));
    expect(items.map((item) => item.getAttribute('data-revision'))).toEqual(['3', '2', '1']);
    expect(items[0].textContent).toContain('Modification par Claire Martin');
    expect(items[2].textContent).toContain('Création par Claire Martin');
    expect(within(items[0]).getByText(historyFr.current)).toBeTruthy();
    expect(within(items[0]).queryByRole('button', { name: historyFr.restore })).toBeNull();
    expect(within(items[1]).getByRole('button', { name: historyFr.restore })).toBeTruthy();
    // The part's text, under its editor's label, as removed and added lines.
    expect(within(items[1]).getByText(partsFr.fields.markdown)).toBeTruthy();
    expect((await within(items[1]).findByText('Première version')).closest('del')).not.toBeNull();
    expect(within(items[1]).getByText('Deuxième version').closest('ins')).not.toBeNull();
    expect(getRevisions).toHaveBeenCalledWith(
      'chapter-parts',
      { id: 7 },
      expect.objectContaining({ pagination: { page: 1, perPage: 20 } }),
    );
  });

  it('restores a version once confirmed, with the version of the record shown, then reads the history again', async () => {
    const { dataProvider, getRevisions, restore } = fakeProvider(REVISIONS);
    renderHistory(dataProvider);
    const items = (await entries()).filter((item) => item.hasAttribute('data-revision'));
    fireEvent.click(within(items[2]).getByRole('button', { name: historyFr.restore }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(historyFr.confirm_title)).toBeTruthy();
    expect(restore).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: historyFr.restore }));
    await waitFor(() =>
      expect(restore).toHaveBeenCalledWith('chapter-parts', { id: 7, change: 1, updatedAt: PART.updatedAt }),
    );
    await waitFor(() => expect(getRevisions.mock.calls.length).toBeGreaterThan(1));
  });

  it('says why a version can no longer apply, field by field, in French', async () => {
    const refused = vi.fn(async () => {
      throw new HttpError('ra.message.invalid_form', 422, {
        violations: [{ propertyPath: 'chapter', message: 'Not found.', code: 'reference' }],
        errors: { chapter: 'app.validation.reference' },
      });
    });
    const { dataProvider } = fakeProvider(REVISIONS, refused);
    renderHistory(dataProvider);
    const items = (await entries()).filter((item) => item.hasAttribute('data-revision'));
    fireEvent.click(within(items[1]).getByRole('button', { name: historyFr.restore }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: historyFr.restore }));
    const alert = await within(items[1]).findByRole('alert');
    expect(alert.textContent).toContain(historyFr.errors.cannot_apply);
    expect(alert.textContent).toContain("Chapitre : L'élément choisi n'existe pas.");
  });
});
