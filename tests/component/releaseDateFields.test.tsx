// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { adminDataProvider } from './adminApi';
import { ResourceEdit } from '../../src/custom/crud/ResourceEdit';
import { ResourceShow } from '../../src/custom/crud/ResourceShow';
import { config } from '../../src/resources/modules/screens';
import { createI18nProvider } from '../../src/providers/i18nProvider';

afterEach(cleanup);

const ZONE = 'America/New_York';

/** One module of a structure on New York's clock, on a fake API that keeps what a PUT sends. */
function fakeServer() {
  const state = {
    module: {
      id: 1,
      title: 'Les bases',
      course: '/api/courses/2',
      position: 0,
      isTemplate: false,
      // 08:00 in Paris's winter is 03:00 in New York.
      releaseAt: '2026-12-03T08:00:00.000Z',
      company: { id: 7, name: 'Académie' },
      updatedAt: '2026-03-02T10:00:00.000Z',
    } as Record<string, unknown>,
    puts: [] as Record<string, unknown>[],
  };
  const dataProvider = adminDataProvider(async (url, init) => {
    if (url.endsWith('/api/modules/1/time-zone')) return Response.json({ timeZone: ZONE });
    if (url.includes('/api/modules/1')) {
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        state.puts.push(body);
        state.module = { ...state.module, ...body };
      }
      return Response.json(state.module);
    }
    if (url.includes('/api/courses/')) return Response.json({ id: 2, title: 'Le cours' });
    return Response.json({ 'hydra:member': [], 'hydra:totalItems': 0 });
  });
  return { state, dataProvider };
}

function renderAt(path: string, server: ReturnType<typeof fakeServer>) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={server.dataProvider} i18nProvider={createI18nProvider()}>
        <ResourceContextProvider value="modules">
          <Routes>
            <Route path="/modules" element={<p>la liste</p>} />
            <Route path="/modules/:id/show" element={<ResourceShow config={config} />} />
            <Route path="/modules/:id" element={<ResourceEdit config={config} />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const releaseInput = () => document.querySelector<HTMLInputElement>('input[name="releaseAt"]');

describe("a module's release date on its own pages", () => {
  it('is shown in French on the clock of its structure', async () => {
    renderAt('/modules/1/show', fakeServer());
    expect(await screen.findByText('le 3 décembre 2026 à 03:00 (Heure de America/New_York)')).toBeTruthy();
  });

  it('is edited on that clock and saved as the instant it names', async () => {
    const server = fakeServer();
    renderAt('/modules/1', server);
    await waitFor(() => expect(releaseInput()?.value).toBe('2026-12-03T03:00'));
    expect(screen.getByText('Heure de America/New_York')).toBeTruthy();
    fireEvent.change(releaseInput()!, { target: { value: '2026-12-04T10:30' } });
    fireEvent.click(screen.getByRole('button', { name: /enregistrer/i }));
    await waitFor(() => expect(server.state.puts).toHaveLength(1));
    expect(server.state.puts[0].releaseAt).toBe('2026-12-04T15:30:00.000Z');
  });

  it('can be emptied: learners get the module with its course', async () => {
    const server = fakeServer();
    renderAt('/modules/1', server);
    await waitFor(() => expect(releaseInput()?.value).toBe('2026-12-03T03:00'));
    fireEvent.change(releaseInput()!, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /enregistrer/i }));
    await waitFor(() => expect(server.state.puts).toHaveLength(1));
    expect(server.state.puts[0].releaseAt).toBeNull();
  });
});
