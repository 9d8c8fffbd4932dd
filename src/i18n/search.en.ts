import type { searchFr } from './search.fr';

/** Search everywhere and the lists' saved views, spread under `app` by en.ts. */
export const searchEn: typeof searchFr = {
  search: {
    button: 'Search',
    shortcut: 'Search (Ctrl+K)',
    dialog: 'Search everywhere',
    input: 'Search a course, a user, a ticket…',
    hint: 'Type at least one word: accents and capitals do not matter.',
    results: 'Results',
    loading: 'Searching…',
    empty: 'No results',
    more: 'There are more results: refine the search.',
    untitled: 'Untitled (no. %{id})',
    error: 'The search failed, try again.',
    close: 'Close',
  },
  saved_views: {
    button: 'Views',
    menu: 'Saved views',
    none: 'No saved view',
    loading: 'Loading views…',
    save: 'Save the current view…',
    rename: 'Rename the view %{name}',
    delete: 'Delete the view %{name}',
    name: 'View name',
    save_title: 'Save the current view',
    rename_title: 'Rename the view',
    delete_title: 'Delete the view “%{name}”?',
    delete_content: 'The view is deleted for you only; the list and its data do not change.',
    saved: 'View “%{name}” saved',
    renamed: 'View renamed',
    deleted: 'View deleted',
    applied: 'View “%{name}” applied',
  },
};
