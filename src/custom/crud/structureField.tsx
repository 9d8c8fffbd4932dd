import { useEffect } from 'react';
import { Typography } from '@mui/material';
import { useListContext, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { contractOf } from '../../domain/contracts';
import type { Summary } from '../../domain/records';
import { rightsOf } from '../../domain/rights';
import { STRUCTURE_FIELD } from '../../domain/tenancy';
import { useSessionStructure } from '../tenancy/useSessionStructure';

/**
 * A row's structure on the generic lists: platform staff looking at every structure see whose each row is,
 * and narrow the list to one structure's (the filter is in the toolbar's chunk, ResourceListToolbar).
 * Inside one structure (theirs, or the one platform staff chose) it would say the same on every row:
 * neither shows. Read from the contract's derived `company` field.
 */

export const STRUCTURE_LABEL = 'app.tenancy.structure';

/** Whether a resource's rows name their structure. */
export const hasStructureField = (resource: string): boolean =>
  Object.hasOwn(contractOf(resource).fields, STRUCTURE_FIELD);

/** Whether a new record of the resource may be given a structure (by platform staff: not one it takes from another row). */
export function structureWritable(resource: string): boolean {
  const field = contractOf(resource).fields[STRUCTURE_FIELD];
  return field !== undefined && !field.readOnly;
}

/** Whether the list of a resource shows its rows' structure, as a column and a filter. */
export function useShowsStructure(resource: string | undefined): boolean {
  const { allStructures } = useSessionStructure();
  return allStructures && resource !== undefined && hasStructureField(resource);
}

/** The row's structure's name; a row without one is the catalogue's (content) or the platform's own. */
export function StructureName() {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const structure = record?.[STRUCTURE_FIELD] as Summary | null | undefined;
  if (structure?.name)
    return (
      <Typography variant="body2" component="span">
        {structure.name}
      </Typography>
    );
  const owner = rightsOf(resource).tenancy.rows === 'catalogue' ? 'app.tenancy.catalogue' : 'app.tenancy.platform';
  return (
    <Typography variant="body2" component="span" color="text.secondary">
      {translate(owner)}
    </Typography>
  );
}

/**
 * Drops a structure filter the list no longer offers (kept in the address or the store from "all
 * structures"): inside one structure it would only hide rows.
 */
export function StructureFilterGuard({ offered }: { offered: boolean }) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const stale = !offered && filterValues?.[STRUCTURE_FIELD] !== undefined;
  useEffect(() => {
    if (!stale) return;
    const { [STRUCTURE_FIELD]: _value, ...filters } = filterValues;
    const { [STRUCTURE_FIELD]: _shown, ...shown } = displayedFilters ?? {};
    setFilters(filters, shown);
  }, [stale, filterValues, displayedFilters, setFilters]);
  return null;
}
