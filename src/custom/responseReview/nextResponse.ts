import type { DataProvider, Identifier } from 'react-admin';

/**
 * The oldest answer still waiting for a review, other than the one just reviewed, within the review
 * list's selection (its chapter, part and learner filters; its status filter aside); undefined when none.
 */
export async function nextSubmitted(
  dataProvider: DataProvider,
  current: Identifier,
  selection: Record<string, unknown> = {},
): Promise<Identifier | undefined> {
  const { data } = await dataProvider.getList('chapter-part-responses', {
    filter: { ...selection, status: 'submitted' },
    sort: { field: 'createdAt', order: 'ASC' },
    pagination: { page: 1, perPage: 2 },
  });
  return data.find((response) => response.id !== current)?.id;
}
