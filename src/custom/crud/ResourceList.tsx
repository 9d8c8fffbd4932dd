import { useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  BulkDeleteButton,
  DataTable,
  ListBase,
  useBasename,
  useResourceContext,
  useResourceDefinition,
} from 'react-admin';
import { STRUCTURE_FIELD } from '../../domain/tenancy';
import { sessionAllows, sessionAllowsAll } from '../../providers/authProvider';
import { useSidePanelRowClick } from '../sidePanel';
import { readableField } from './fieldRights';
import { LIST_PER_PAGE, type ScreensConfig } from './fieldSpec';
import { listSortOf } from './listSort';
import { fieldValue, preloadFieldValues } from './fieldValue';
import { ListPage } from './ListPage';
import { phoneLineOf } from './phoneLine';
import { PhoneList } from './PhoneList';
import { STRUCTURE_LABEL, StructureFilterGuard, StructureName, useShowsStructure } from './structureField';

// A row's structure is a column of its own, shown to platform staff looking at every structure only.
const columnsOf = (config: ScreensConfig) =>
  config.fields.filter((spec) => spec.column && spec.source !== STRUCTURE_FIELD && readableField(spec));

export const prepareList = (config: ScreensConfig) => preloadFieldValues(columnsOf(config));

/**
 * A resource's list: its columns, sorts and filters; a click opens the record in the side panel. On a phone,
 * one line per record instead of the table (PhoneList), whose columns would be cut off at the screen's edge.
 */
export function ResourceList({ config }: { config: ScreensConfig }) {
  const rowClick = useSidePanelRowClick(config.rowOpens);
  const resource = useResourceContext();
  const basename = useBasename();
  // The resource's definition as registered with <Resource>: its folder's order, if its contract has none.
  const { name: registered, options, recordRepresentation } = useResourceDefinition();
  const showsStructure = useShowsStructure(resource);
  // Read at the first render (noSsr): a phone does not draw the table once, then its lines.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const phoneLine = useMemo(
    () => phoneLineOf(config.fields.filter(readableField), columnsOf(config), recordRepresentation, config.phoneLine),
    [config, recordRepresentation],
  );
  // react-admin registers the definitions from an effect: a list rendered before would ask for its first
  // page in id order, then again in its own.
  if (!registered) return null;
  // The rights are known at once (sessionAllows): the list's request need not wait for react-admin's
  // asynchronous session and access checks, which CoreAdminUI's requireAuth has done for the session.
  if (!resource || !sessionAllows(resource, 'list')) return <Navigate to={`${basename}/access-denied`} replace />;
  // A selection may hold others' rows: bulk delete only for a session that may delete any.
  const bulkDelete = config.delete && sessionAllowsAll(resource, 'delete');
  const bulkActionButtons = bulkDelete ? (
    config.confirmDelete ? (
      <BulkDeleteButton mutationMode="pessimistic" />
    ) : undefined
  ) : (
    false
  );
  return (
    // "Exporter" is the server's whole-list export (ExportListButton), not react-admin's first 1,000 rows.
    <ListBase
      disableAuthentication
      exporter={false}
      sort={listSortOf(resource, options?.listSort)}
      perPage={LIST_PER_PAGE}
      filterDefaultValues={config.filterDefaultValues}
    >
      <StructureFilterGuard offered={showsStructure} />
      <ListPage config={config}>
        {phone ? (
          <PhoneList
            line={phoneLine}
            rowClick={rowClick}
            showsStructure={showsStructure}
            rowActions={config.rowActions}
            creates={config.create && sessionAllows(resource, 'create')}
            bulkActionButtons={bulkActionButtons}
          />
        ) : (
          <DataTable rowClick={rowClick} bulkActionButtons={bulkActionButtons}>
            {columnsOf(config).map((spec) => (
              <DataTable.Col key={spec.source} source={spec.source} disableSort={!spec.sortable}>
                {fieldValue(spec, 'list')}
              </DataTable.Col>
            ))}
            {showsStructure && (
              <DataTable.Col source={STRUCTURE_FIELD} label={STRUCTURE_LABEL} disableSort>
                <StructureName />
              </DataTable.Col>
            )}
            {config.rowActions && (
              <DataTable.Col source="id" label="" disableSort>
                <config.rowActions />
              </DataTable.Col>
            )}
          </DataTable>
        )}
      </ListPage>
    </ListBase>
  );
}
