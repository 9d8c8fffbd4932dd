// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { adminDataProvider } from './adminApi';
import { PartEdit } from '../../src/resources/chapter-parts/PartScreens';
import { PART_TYPES } from '../../src/custom/chapterParts/registry';
import { CHAPTER_PART_TYPES, type ChapterPartType } from '../../src/domain/chapterParts';
import { fr } from '../../src/i18n/fr';
import { partsFr } from '../../src/i18n/parts.fr';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { EMPTY_INVALID } from './partFixtures';

afterEach(cleanup);

/** One part on a fake API; `violations` makes the next PUT a 422 with them. */
function fakeServer(part: Record<string, unknown>) {
  const state = { part, puts: [] as Record<string, unknown>[], violations: undefined as object[] | undefined };
  const dataProvider = adminDataProvider(async (url, init) => {
    if (url.includes('/api/chapters'))
      return Response.json(
        url.includes('/api/chapters/') ? { id: 3, title: 'Les bases' } : { 'hydra:member': [], 'hydra:totalItems': 0 },
      );
    if (url.includes('/api/documents'))
      return Response.json(
        url.includes('/api/documents/') ? { id: 7, name: 'schema.png' } : { 'hydra:member': [], 'hydra:totalItems': 0 },
      );
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      state.puts.push(body);
      if (state.violations) {
        const violations = state.violations;
        state.violations = undefined;
        return Response.json(
          { '@type': 'ConstraintViolationList', status: 422, detail: 'x', violations },
          { status: 422 },
        );
      }
      state.part = { ...state.part, ...body };
    }
    return Response.json(state.part);
  });
  return { state, dataProvider };
}

function renderEdit(server: ReturnType<typeof fakeServer>) {
  const i18nProvider = createI18nProvider();
  render(
    <TestMemoryRouter initialEntries={['/chapter-parts/1']}>
      <AdminContext dataProvider={server.dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/chapter-parts" element={<p>la liste</p>} />
          <Route
            path="/chapter-parts/:id"
            element={
              <ResourceContextProvider value="chapter-parts">
                <PartEdit />
              </ResourceContextProvider>
            }
          />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
const type = (name: string, value: string) => fireEvent.change(input(name)!, { target: { value } });
const checked = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)?.checked;
const save = () => fireEvent.click(screen.getByRole('button', { name: /enregistrer/i }));
// A part of the structure's own course (a catalogue one would open read-only).
const partOf = (kind: ChapterPartType, content: Record<string, unknown>) => ({
  id: 1,
  chapter: '/api/chapters/3',
  type: kind,
  title: 'Partie',
  required: false,
  position: 0,
  content,
  company: { id: 7, name: 'Académie' },
  updatedAt: '2026-03-02T10:00:00.000Z',
});

describe('the part form', () => {
  it.each(CHAPTER_PART_TYPES)(
    '%s: saving the empty content shows each violation on its field and sends nothing',
    async (kind) => {
      const server = fakeServer(partOf(kind, PART_TYPES[kind].empty()));
      renderEdit(server);
      await screen.findByText(partsFr.preview.title);
      // An untouched form cannot be saved: a change to the title makes it savable.
      await waitFor(() => expect(input('title')?.value).toBe('Partie'));
      type('title', 'Partie 2');
      save();
      await waitFor(() => expect(screen.getAllByText(fr.app.validation.blank).length).toBeGreaterThan(0));
      for (const name of EMPTY_INVALID[kind]) expect(input(name)?.getAttribute('aria-invalid'), name).toBe('true');
      expect(server.state.puts).toEqual([]);
    },
  );

  it('enforces exactly one correct option as the author types', async () => {
    const server = fakeServer(
      partOf('interactive_select', {
        question: 'Q ?',
        options: [
          { label: 'A', correct: true },
          { label: 'B', correct: false },
        ],
      }),
    );
    renderEdit(server);
    await waitFor(() => expect(input('content.options.1.label')?.value).toBe('B'));
    // Marking another option moves the right answer to it, as a radio group would.
    fireEvent.click(input('content.options.1.correct')!);
    await waitFor(() => expect(checked('content.options.0.correct')).toBe(false));
    expect(checked('content.options.1.correct')).toBe(true);
    expect(screen.queryByText(fr.app.validation.one_correct)).toBeNull();
    // Unmarking the only right answer leaves none: the check says so at once.
    fireEvent.click(input('content.options.1.correct')!);
    expect(await screen.findByText(fr.app.validation.one_correct)).toBeTruthy();
    fireEvent.click(input('content.options.0.correct')!);
    await waitFor(() => expect(screen.queryByText(fr.app.validation.one_correct)).toBeNull());
  });

  it('lets several options be right in a multiple choice', async () => {
    const server = fakeServer(
      partOf('interactive_select_multi', {
        question: 'Q ?',
        options: [
          { label: 'A', correct: true },
          { label: 'B', correct: false },
        ],
      }),
    );
    renderEdit(server);
    await waitFor(() => expect(input('content.options.1.label')?.value).toBe('B'));
    fireEvent.click(input('content.options.1.correct')!);
    await waitFor(() => expect(checked('content.options.1.correct')).toBe(true));
    expect(checked('content.options.0.correct')).toBe(true);
  });

  it("lands the server's 422 on its field and keeps what was typed", async () => {
    const server = fakeServer(
      partOf('links', {
        links: [
          { label: 'Doc', url: 'https://example.org/doc' },
          { label: 'Aide', url: 'https://example.org/aide' },
        ],
      }),
    );
    renderEdit(server);
    await waitFor(() => expect(input('content.links.1.url')?.value).toBe('https://example.org/aide'));
    type('content.links.1.label', 'Aide en ligne');
    // The list is checked as it changes (no error here): the save comes after, as an author's would.
    await waitFor(() => expect(input('content.links.1.label')?.value).toBe('Aide en ligne'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.state.violations = [
      { propertyPath: 'content.links[1].url', code: 'url', message: 'This value is not a valid URL.' },
    ];
    save();
    expect(await screen.findByText(fr.app.validation.url)).toBeTruthy();
    expect(input('content.links.1.url')?.getAttribute('aria-invalid')).toBe('true');
    expect(input('content.links.1.label')?.value).toBe('Aide en ligne');
    expect(server.state.puts).toHaveLength(1);
    expect(screen.queryByText('la liste')).toBeNull();
  });

  it('sends the content with its document as an id, and goes back to the list', async () => {
    const server = fakeServer(partOf('image', { document: '/api/documents/7', alt: '' }));
    renderEdit(server);
    await waitFor(() => expect(input('content.alt')).not.toBeNull());
    type('content.alt', 'Un schéma');
    save();
    expect(await screen.findByText('la liste', {}, { timeout: 5000 })).toBeTruthy();
    expect(server.state.puts[0]).toMatchObject({ content: { document: 7, alt: 'Un schéma' } });
  });
});
