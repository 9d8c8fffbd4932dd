/**
 * Saved views ("Vues"): a list's filters, order and visible columns kept under a name, per user, on the
 * server (`/api/saved-views`). The bounds below are checked by the server and offered by the back-office.
 */
export const SAVED_VIEW_NAME_MAX_LENGTH = 80;
/** Views one user keeps for one list. */
export const SAVED_VIEWS_PER_LIST = 30;
/** The size of a view's saved state (filters, order, columns) as JSON, in characters. */
export const SAVED_VIEW_PARAMS_MAX_LENGTH = 4000;
export const SAVED_VIEW_SORT_ORDERS = ['ASC', 'DESC'] as const;

/** What a view keeps of a list: react-admin's filter values, its sort, and the columns shown when chosen. */
export interface SavedViewParams {
  filter: Record<string, unknown>;
  sort?: { field: string; order: (typeof SAVED_VIEW_SORT_ORDERS)[number] };
  columns?: string[];
}

export interface SavedView {
  id: number;
  resource: string;
  name: string;
  params: SavedViewParams;
  createdAt: string;
  updatedAt: string;
}
