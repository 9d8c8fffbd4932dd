import type { phoneListFr } from './phoneList.fr';

/** A list on a phone: its filters in a drawer (src/custom/crud/FilterDrawer.tsx), spread under `app` by en.ts. */
export const phoneListEn: typeof phoneListFr = {
  phone_list: {
    filters: 'Filters',
    filters_count: 'Filters (%{smart_count})',
    applied: 'Applied filters',
    remove: 'Remove the filter %{name}',
    clear: 'Clear the filters',
    show: 'Show the results (%{smart_count})',
  },
};
