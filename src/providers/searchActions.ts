import type { SavedView, SavedViewParams } from '../domain/savedViews';
import type { SearchAnswer } from '../domain/search';
import type { HttpClient } from './httpClient';
import { API } from './routes';

const SEARCH = `${API}/search`;
const SAVED_VIEWS = `${API}/saved-views`;

/**
 * Search everywhere (`GET /api/search`) and the session's saved views of a list (`/api/saved-views`), as
 * named methods of the dataProvider: `dataProvider.search(q)`, `dataProvider.getSavedViews(resource)`...
 */
export function createSearchActions(http: HttpClient) {
  return {
    search: async (q: string, signal?: AbortSignal): Promise<SearchAnswer> =>
      (await http(`${SEARCH}?q=${encodeURIComponent(q)}`, { signal })).json as SearchAnswer,
    getSavedViews: async (resource: string): Promise<SavedView[]> =>
      (await http(`${SAVED_VIEWS}?resource=${encodeURIComponent(resource)}`)).json as SavedView[],
    /** Every saved view of the session's user, by list (the home page's card). */
    getAllSavedViews: async (): Promise<SavedView[]> => (await http(SAVED_VIEWS)).json as SavedView[],
    createSavedView: async (view: { resource: string; name: string; params: SavedViewParams }): Promise<SavedView> =>
      (await http(SAVED_VIEWS, { method: 'POST', body: JSON.stringify(view) })).json as SavedView,
    updateSavedView: async (id: number, change: { name?: string; params?: SavedViewParams }): Promise<SavedView> =>
      (await http(`${SAVED_VIEWS}/${id}`, { method: 'PUT', body: JSON.stringify(change) })).json as SavedView,
    deleteSavedView: async (id: number): Promise<void> => {
      await http(`${SAVED_VIEWS}/${id}`, { method: 'DELETE' });
    },
  };
}
