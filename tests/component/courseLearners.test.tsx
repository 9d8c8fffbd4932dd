// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, memoryStore, type DataProvider, type GetListParams } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CourseLearnersPage } from '../../src/custom/learners/CourseLearnersPage';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { sessionStore } from '../../src/providers/sessionStore';

/**
 * A course's « Apprenants »: the course's participations, narrowed by the states in the page's address
 * (the link the reports and the home page follow), each state a chip that adds to or drops from the
 * filter; a row unenrols after a confirmation.
 */

const ROWS = [
  {
    id: 31,
    course: 5,
    user: 8,
    learner: { id: 8, name: 'Léa Martin', email: 'lea.martin@demo.fr' },
    status: 'in_progress',
    progress: 40,
    state: 'late',
    dueAt: '2026-03-01T23:59:59.999Z',
    lastActivityAt: '2026-02-20T10:00:00Z',
    unenrolledAt: null,
  },
];

beforeEach(() => {
  const payload = btoa(JSON.stringify({ role: ['ROLE_ADMIN'], company: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
  sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

function renderPage(entry: string, extra: Record<string, unknown> = {}) {
  const lists: GetListParams[] = [];
  const dataProvider = {
    getList: async (resource: string, params: GetListParams) => {
      if (resource === 'participations') lists.push(params);
      return { data: resource === 'participations' ? ROWS : [], total: resource === 'participations' ? 1 : 0 };
    },
    getOne: async () => ({ data: { id: 5, title: 'Excel avancé', company: 7 } }),
    getMany: async () => ({ data: [] }),
    ...extra,
  } as unknown as DataProvider;
  render(
    <TestMemoryRouter initialEntries={[entry]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()} store={memoryStore()}>
        <Routes>
          <Route path="/courses/:id/learners" element={<CourseLearnersPage />} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return lists;
}

describe("a course's learners", () => {
  it('opens narrowed to the states in its address, and adds one pressed', async () => {
    const filter = encodeURIComponent(JSON.stringify({ state: ['late'] }));
    const lists = renderPage(`/courses/5/learners?filter=${filter}`);
    await screen.findByText('Léa Martin');
    expect(lists[0]).toMatchObject({ filter: { course: 5, state: ['late'] }, sort: { field: 'dueAt', order: 'ASC' } });
    const chips = within(screen.getByRole('group', { name: 'Filtrer par situation' }));
    expect(chips.getByRole('button', { name: 'En retard' }).getAttribute('aria-pressed')).toBe('true');
    expect(chips.getByRole('button', { name: 'À risque' }).getAttribute('aria-pressed')).toBe('false');
    // The row's state, its progress as a number, its due date as its day.
    const row = screen.getByText('Léa Martin').closest('tr')!;
    expect(within(row).getByText('En retard')).toBeTruthy();
    expect(within(row).getByText('40 %')).toBeTruthy();
    expect(within(row).getByText('1 mars 2026')).toBeTruthy();

    fireEvent.click(chips.getByRole('button', { name: 'À risque' }));
    await waitFor(() => expect(lists.at(-1)?.filter).toEqual({ course: 5, state: ['late', 'at_risk'] }));
    fireEvent.click(chips.getByRole('button', { name: 'En retard' }));
    await waitFor(() => expect(lists.at(-1)?.filter).toEqual({ course: 5, state: ['at_risk'] }));
  });

  it('unenrols a learner once asked', async () => {
    const unenrol = vi.fn(async () => ({ data: { ...ROWS[0], unenrolledAt: '2026-03-02T10:00:00Z' } }));
    renderPage('/courses/5/learners', { unenrol });
    fireEvent.click(await screen.findByRole('button', { name: 'Désinscrire Léa Martin' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Désinscrire Léa Martin ?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Désinscrire' }));
    await waitFor(() => expect(unenrol).toHaveBeenCalledWith(31));
  });
});
