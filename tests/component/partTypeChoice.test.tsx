// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { PartCreateDialog } from '../../src/custom/outline/PartCreateDialog';
import { OutlineContext } from '../../src/custom/outline/OutlineContext';
import { CHAPTER_PART_TYPES } from '../../src/domain/chapterParts';
import { partsFr } from '../../src/i18n/parts.fr';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { PartCreate } from '../../src/resources/chapter-parts/PartScreens';

afterEach(cleanup);

const dataProvider = {
  getList: async () => ({ data: [], total: 0 }),
  getMany: async () => ({ data: [] }),
} as unknown as DataProvider;

/** In the app's contexts (an empty API, French), as the user finds it. */
function renderInApp(screenShown: ReactNode, initialEntries?: string[]) {
  render(
    <TestMemoryRouter initialEntries={initialEntries}>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        {screenShown}
      </AdminContext>
    </TestMemoryRouter>,
  );
}

/** The type shown first, its editor's preview below, and every choice a type once opened: none blank. */
async function expectMarkdownFirstAndNoBlankChoice() {
  await screen.findByText(partsFr.preview.title);
  expect(screen.getByRole('combobox', { name: /^Type/ }).textContent).toBe('Texte (Markdown)');
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Type/ }));
  const options = within(await screen.findByRole('listbox')).getAllByRole('option');
  expect(options).toHaveLength(CHAPTER_PART_TYPES.length);
  expect(options.every((option) => option.textContent?.trim())).toBe(true);
}

describe('the part type when a part is created', () => {
  it('starts on Markdown text on the create page, its editor shown, with no blank choice', async () => {
    renderInApp(
      <ResourceContextProvider value="chapter-parts">
        <PartCreate />
      </ResourceContextProvider>,
      ['/chapter-parts/create'],
    );
    await expectMarkdownFirstAndNoBlankChoice();
  });

  it("starts the same way in the course outline's dialog", async () => {
    renderInApp(
      <OutlineContext.Provider value={{ refresh: async () => undefined } as never}>
        <PartCreateDialog chapter={3} onClose={() => undefined} />
      </OutlineContext.Provider>,
    );
    await expectMarkdownFirstAndNoBlankChoice();
  });
});
