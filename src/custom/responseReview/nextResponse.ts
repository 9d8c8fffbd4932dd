import type { DataProvider, Identifier } from 'react-admin';

/** The oldest response still waiting for a review, other than the one just reviewed; undefined when none. */
export async function nextSubmitted(dataProvider: DataProvider, current: Identifier): Promise<Identifier | undefined> {
  const { data } = await dataProvider.getList('chapter-part-responses', {
    filter: { status: 'submitted' },
    sort: { field: 'createdAt', order: 'ASC' },
    pagination: { page: 1, perPage: 2 },
  });
  return data.find((response) => response.id !== current)?.id;
}
