// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  AdminContext,
  ResourceContextProvider,
  SimpleForm,
  TestMemoryRouter,
  TextInput,
  type DataProvider,
} from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceCreate } from '../../src/custom/crud/ResourceCreate';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { config } from '../../src/resources/courses/screens';

afterEach(cleanup);

/** A new course is built in its outline: saving its creation form opens that outline, not the list. */
describe('creating a course', () => {
  it('lands on the new course’s outline', async () => {
    const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 42 } }));
    let path = '';
    render(
      <TestMemoryRouter
        initialEntries={['/courses/create']}
        locationCallback={(location) => (path = location.pathname)}
      >
        <AdminContext dataProvider={{ create } as unknown as DataProvider} i18nProvider={createI18nProvider()}>
          <ResourceContextProvider value="courses">
            <Routes>
              <Route
                path="/courses/create"
                element={
                  <ResourceCreate
                    config={config}
                    form={
                      <SimpleForm>
                        <TextInput source="title" />
                      </SimpleForm>
                    }
                  />
                }
              />
              <Route path="*" element={<p>ailleurs</p>} />
            </Routes>
          </ResourceContextProvider>
        </AdminContext>
      </TestMemoryRouter>,
    );
    fireEvent.change(await screen.findByLabelText('Titre'), { target: { value: 'Excel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(path).toBe('/courses/42/outline'));
  });
});
