import { DataTable, List } from 'react-admin';
import { useSidePanelRowClick } from '../sidePanel';
import { fieldFilter, searchFilter } from './fieldFilter';
import type { ScreensConfig } from './fieldSpec';
import { fieldValue, preloadFieldValues } from './fieldValue';

const columnsOf = (config: ScreensConfig) => config.fields.filter((spec) => spec.column);

export const prepareList = (config: ScreensConfig) => preloadFieldValues(columnsOf(config));

/** A resource's list: its columns, sorts and filters; a click opens the record in the side panel. */
export function ResourceList({ config }: { config: ScreensConfig }) {
  const rowClick = useSidePanelRowClick();
  const filters = [
    ...(config.search ? [searchFilter] : []),
    ...config.fields.filter((spec) => spec.filter).map(fieldFilter),
  ];
  return (
    <List filters={filters.length > 0 ? filters : undefined} sort={config.sort} perPage={25}>
      <DataTable rowClick={rowClick} bulkActionButtons={config.delete ? undefined : false}>
        {columnsOf(config).map((spec) => (
          <DataTable.Col key={spec.source} source={spec.source} disableSort={!spec.sortable}>
            {fieldValue(spec)}
          </DataTable.Col>
        ))}
      </DataTable>
    </List>
  );
}
