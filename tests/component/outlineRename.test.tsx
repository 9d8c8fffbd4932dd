// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, HttpError, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/custom/outline/messages';
import { OutlineActionsContext, type OutlineActions } from '../../src/custom/outline/OutlineContext';
import type { CourseOutline } from '../../src/domain/outline';
import { outlineKey } from '../../src/custom/outline/outlineQuery';
import { CourseDetails } from '../../src/custom/outline/CourseDetails';
import { RenameField } from '../../src/custom/outline/RenameField';
import { createI18nProvider } from '../../src/providers/i18nProvider';

/** A title renamed in place: Enter saves it into the outline; a 422 shows in French under the field, what was typed stays. */
const outline: CourseOutline = {
  id: 1,
  title: 'Cours',
  status: 'draft',
  publishedAt: null,
  updatedAt: '2026-01-01T00:00:00Z',
  company: null,
  modules: [{ id: 10, title: 'Ancien', position: 0, isTemplate: false, chapters: [] }],
};
const actions = { courseId: 1 } as OutlineActions;

function renderField(update: DataProvider['update']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(outlineKey(1), outline);
  const onDone = vi.fn();
  const dataProvider = { update: vi.fn(update) } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider} queryClient={queryClient} i18nProvider={createI18nProvider()}>
      <OutlineActionsContext.Provider value={actions}>
        <RenameField node={{ kind: 'module', id: 10 }} initial="Ancien" label="Nouveau titre" onDone={onDone} />
      </OutlineActionsContext.Provider>
    </AdminContext>,
  );
  return { queryClient, onDone, dataProvider };
}

afterEach(cleanup);

describe('RenameField', () => {
  it('saves on Enter and writes the title into the outline without asking for the tree again', async () => {
    const { queryClient, onDone, dataProvider } = renderField(async () => ({ data: { id: 10 } }) as never);
    const input = await screen.findByLabelText('Nouveau titre');
    fireEvent.change(input, { target: { value: 'Nouveau' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(dataProvider.update).toHaveBeenCalledWith(
      'modules',
      expect.objectContaining({ id: 10, data: { title: 'Nouveau' } }),
    );
    expect(queryClient.getQueryData<CourseOutline>(outlineKey(1))!.modules[0].title).toBe('Nouveau');
  });

  it('shows a 422 on the title in French and keeps what was typed; Escape gives up', async () => {
    const { onDone } = renderField(async () =>
      Promise.reject(new HttpError('ra.message.invalid_form', 422, { errors: { title: 'app.validation.length' } })),
    );
    const input = await screen.findByLabelText('Nouveau titre');
    fireEvent.change(input, { target: { value: 'Bien trop long' } });
    fireEvent.submit(input.closest('form')!);
    await screen.findByText('Ce texte est trop long.');
    expect((screen.getByLabelText('Nouveau titre') as HTMLInputElement).value).toBe('Bien trop long');
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByLabelText('Nouveau titre'), { key: 'Escape' });
    expect(onDone).toHaveBeenCalled();
  });

  it('refuses a title over its length with the field’s message, keeping all that was pasted', async () => {
    const { onDone, dataProvider } = renderField(async () => ({ data: { id: 10 } }) as never);
    const input = (await screen.findByLabelText('Nouveau titre')) as HTMLInputElement;
    // A browser cuts a paste at an input's maxlength without a word: the field has none.
    expect(input.getAttribute('maxlength')).toBeNull();
    const pasted = 'x'.repeat(10_000);
    fireEvent.change(input, { target: { value: pasted } });
    fireEvent.submit(input.closest('form')!);
    await screen.findByText('Maximum 255 caractères');
    expect(input.value).toBe(pasted);
    expect(dataProvider.update).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe("the course's own title above its outline", () => {
  it('refuses a pasted title over its length instead of cutting it', async () => {
    const course = { id: 1, title: 'Excel', description: null, language: null, cover: null, updatedAt: 'x' };
    const update = vi.fn(async () => ({ data: course }));
    const dataProvider = {
      getOne: async () => ({ data: course }),
      getList: async () => ({ data: [], total: 0 }),
      getMany: async () => ({ data: [] }),
      update,
    } as unknown as DataProvider;
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        <CourseDetails id={1} />
      </AdminContext>,
    );
    const input = (await screen.findByDisplayValue('Excel')) as HTMLInputElement;
    expect(input.getAttribute('maxlength')).toBeNull();
    const pasted = 'y'.repeat(10_000);
    fireEvent.change(input, { target: { value: pasted } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Maximum 255 caractères');
    expect(input.value).toBe(pasted);
    expect(update).not.toHaveBeenCalled();
  });
});
