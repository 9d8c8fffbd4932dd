import { useMemo } from 'react';
import { ListActions, ListToolbar } from 'react-admin';
import { fieldFilter, searchFilter } from './fieldFilter';
import { readableField } from './fieldRights';
import type { ScreensConfig } from './fieldSpec';

/**
 * Above a list: its search and filters (react-admin's filter form), the button adding a filter, "Créer"
 * and "Exporter". A chunk of its own, loaded once the rows are on screen: the filter form is a form
 * (react-hook-form and the inputs), which a list's first rows do not need.
 */
export function ResourceListToolbar({ config }: { config: ScreensConfig }) {
  const filters = useMemo(
    () => [...(config.search ? [searchFilter] : []), ...config.fields.filter((spec) => spec.filter && readableField(spec)).map(fieldFilter), ...(config.extraFilters ?? [])],
    [config],
  );
  return <ListToolbar className="RaList-actions" filters={filters.length > 0 ? filters : undefined} actions={<ListActions />} />;
}
