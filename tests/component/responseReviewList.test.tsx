// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import {
  AdminContext,
  ResourceContextProvider,
  TestMemoryRouter,
  type DataProvider,
  type GetListParams,
} from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { nextSubmitted } from '../../src/custom/responseReview/nextResponse';
import { ResponseReviewList } from '../../src/custom/responseReview/ResponseReviewList';
import { createI18nProvider } from '../../src/providers/i18nProvider';

afterEach(cleanup);

/** A data provider that records the lists asked for and answers a few rows. */
function recordingProvider() {
  const calls: { resource: string; params: GetListParams }[] = [];
  const fetched: string[] = [];
  const rows: Record<string, Record<string, unknown>[]> = {
    'chapter-part-responses': [
      {
        id: 11,
        chapterPart: 5,
        user: 2,
        status: 'submitted',
        value: { text: 'Ma réponse' },
        createdAt: '2026-03-01T09:00:00Z',
      },
    ],
    'chapter-parts': [{ id: 5, chapter: 3, type: 'interactive_text', title: 'Question ouverte' }],
    chapters: [{ id: 3, title: 'Les formules' }],
    users: [{ id: 2, firstName: 'Léa', lastName: 'Martin' }],
  };
  const dataProvider = {
    getList: async (resource: string, params: GetListParams) => {
      calls.push({ resource, params });
      const data = rows[resource] ?? [];
      return { data, total: data.length };
    },
    getMany: async (resource: string, { ids }: { ids: unknown[] }) => (
      fetched.push(resource),
      { data: (rows[resource] ?? []).filter((row) => ids.includes(row.id)) }
    ),
    getManyReference: async () => ({ data: [], total: 0 }),
    getOne: async (resource: string, { id }: { id: unknown }) => ({
      data: (rows[resource] ?? []).find((row) => row.id === id),
    }),
  } as unknown as DataProvider;
  return { calls, dataProvider, fetched };
}

describe("the review list of learners' answers", () => {
  it('asks for the answers waiting for a review, oldest first, and shows where each comes from', async () => {
    const { calls, dataProvider, fetched } = recordingProvider();
    render(
      <TestMemoryRouter initialEntries={['/chapter-part-responses']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
          <ResourceContextProvider value="chapter-part-responses">
            <ResponseReviewList />
          </ResourceContextProvider>
        </AdminContext>
      </TestMemoryRouter>,
    );
    // The part by its title; its chapter and the learner are read through their references.
    await screen.findByText('Question ouverte');
    await waitFor(() => expect(fetched).toEqual(expect.arrayContaining(['chapter-parts', 'chapters', 'users'])));
    const list = calls.find((call) => call.resource === 'chapter-part-responses');
    expect(list?.params).toMatchObject({ filter: { status: 'submitted' }, sort: { field: 'createdAt', order: 'ASC' } });
    // The filters by chapter, part and learner are there without asking.
    for (const label of ['Chapitre', 'Partie de chapitre', 'Apprenant'])
      expect(screen.getAllByLabelText(label).length).toBeGreaterThan(0);
  });

  it("takes the next answer from the list's selection, waiting ones only, other than the one just reviewed", async () => {
    const { calls, dataProvider } = recordingProvider();
    await waitFor(async () =>
      expect(await nextSubmitted(dataProvider, 11, { chapter: 3, status: 'validated', user: 2 })).toBeUndefined(),
    );
    expect(calls.at(-1)?.params.filter).toEqual({ chapter: 3, user: 2, status: 'submitted' });
  });
});
