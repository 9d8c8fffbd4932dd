// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ResourceEdit } from '../../src/custom/crud/ResourceEdit';
import { screensOf } from '../../src/custom/crud/screensOf';
import { courses } from '../../src/domain/contracts';
import { StackedNotification } from '../../src/custom/snackbars';
import { fr } from '../../src/i18n/fr';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { createSessionStore, memoryStorage, sessionStore } from '../../src/providers/sessionStore';

afterEach(cleanup);

const config = screensOf(courses, {
  fields: [{ source: 'title' }, { source: 'description' }, { source: 'updatedAt' }],
});

/**
 * One course on a fake API that refuses, as the server does, a PUT whose `updatedAt` is older than the
 * row's (409 `stale`); `failNext` makes the next PUT fail otherwise.
 */
function fakeServer() {
  const state = {
    // The structure's own course: a catalogue one would open read-only.
    course: {
      id: 1,
      title: 'Excel',
      description: 'Les bases',
      company: { id: 7, name: 'Académie' },
      updatedAt: '2026-03-02T10:00:00.000Z',
    },
    puts: [] as Record<string, unknown>[],
    failNext: undefined as number | undefined,
  };
  const storage = memoryStorage();
  const session = createSessionStore(() => storage);
  const payload = btoa(JSON.stringify({ role: ['ROLE_ADMIN'], company: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
  session.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
  // The form offers the inputs the session's rights allow: it reads the app's own session.
  sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
  const problem = (status: number, extra: Record<string, unknown>) =>
    Response.json({ type: `/errors/${status}`, status, detail: 'x', ...extra }, { status });
  const { httpClient } = createHttpClient({
    session,
    errorCallUrl: 'http://errors.invalid/api/errorCall',
    fetch: async (url, init = {}) => {
      if (url.includes('errorCall')) return new Response(null, { status: 204 });
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        state.puts.push(body);
        if (state.failNext) {
          const status = state.failNext;
          state.failNext = undefined;
          return problem(status, {});
        }
        if (typeof body.updatedAt === 'string' && Date.parse(state.course.updatedAt) > Date.parse(body.updatedAt))
          return problem(409, { title: 'Conflict', reason: 'stale' });
        state.course = {
          ...state.course,
          ...body,
          updatedAt: new Date(Date.parse(state.course.updatedAt) + 60_000).toISOString(),
        };
      }
      return Response.json(state.course);
    },
  });
  const dataProvider = createDataProvider({ http: httpClient, hasToken: () => true, save: () => undefined });
  return { state, dataProvider };
}

function renderEdit(server: ReturnType<typeof fakeServer>) {
  const i18nProvider = polyglotI18nProvider(() => fr, 'fr', { allowMissing: true });
  render(
    <TestMemoryRouter initialEntries={['/courses/1']}>
      <AdminContext dataProvider={server.dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/courses" element={<p>la liste</p>} />
          <Route
            path="/courses/:id"
            element={
              <ResourceContextProvider value="courses">
                <ResourceEdit config={config} />
              </ResourceContextProvider>
            }
          />
        </Routes>
        <StackedNotification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /enregistrer/i }));
const STALE = fr.app.http.conflict_stale;

describe('an edit form whose save is refused as stale', () => {
  it('keeps what was typed, says so with a way to reload, and reloading shows the current version', async () => {
    const server = fakeServer();
    renderEdit(server);
    await waitFor(() => expect(input('title').value).toBe('Excel'));

    // Someone else saves the course meanwhile.
    server.state.course = { ...server.state.course, title: 'Excel avancé', updatedAt: '2026-03-02T10:05:00.000Z' };
    type('description', 'Ma nouvelle description');
    save();

    const alert = await screen.findByText(STALE);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(server.state.puts).toEqual([
      { description: 'Ma nouvelle description', updatedAt: '2026-03-02T10:00:00.000Z' },
    ]);
    expect(server.state.course.description).toBe('Les bases');
    expect(input('description').value).toBe('Ma nouvelle description');
    expect(screen.queryByText('la liste')).toBeNull();
    // The message shows once, above the form, not also as a snackbar.
    expect(document.querySelectorAll('[data-snack-id]')).toHaveLength(0);

    // Saving again without reloading is refused again: nothing is overwritten.
    save();
    await waitFor(() => expect(server.state.puts).toHaveLength(2));
    expect(await screen.findByText(STALE)).toBeTruthy();
    expect(server.state.course.description).toBe('Les bases');

    fireEvent.click(screen.getByRole('button', { name: fr.app.stale_write.reload }));
    await waitFor(() => expect(input('title').value).toBe('Excel avancé'));
    expect(input('description').value).toBe('Les bases');
    await waitFor(() => expect(screen.queryByText(STALE)).toBeNull());

    // From the current version, a save goes through.
    type('description', 'Ma nouvelle description');
    save();
    expect(await screen.findByText('la liste')).toBeTruthy();
    expect(server.state.course).toMatchObject({ title: 'Excel avancé', description: 'Ma nouvelle description' });
  });

  it('other failures still end as a snackbar, without the stale message', async () => {
    const server = fakeServer();
    renderEdit(server);
    await waitFor(() => expect(input('title').value).toBe('Excel'));
    server.state.failNext = 500;
    type('title', 'Excel 2');
    save();
    expect(await screen.findByText(fr.app.http.server_error)).toBeTruthy();
    expect(screen.queryByText(STALE)).toBeNull();
    expect(input('title').value).toBe('Excel 2');
  });
});
