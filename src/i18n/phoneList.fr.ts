/** A list on a phone: its filters in a drawer (src/custom/crud/FilterDrawer.tsx), spread under `app` by fr.ts. */
export const phoneListFr = {
  phone_list: {
    filters: 'Filtres',
    filters_count: 'Filtres (%{smart_count})',
    applied: 'Filtres appliqués',
    remove: 'Retirer le filtre %{name}',
    clear: 'Effacer les filtres',
    show: 'Voir les résultats (%{smart_count})',
  },
};
