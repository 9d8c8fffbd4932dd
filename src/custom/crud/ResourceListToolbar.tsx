import { useMemo } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, ListActions, ListToolbar, useResourceDefinition } from 'react-admin';
import { STRUCTURE_FIELD, STRUCTURES_RESOURCE } from '../../domain/tenancy';
import { SavedViewsMenu } from '../savedViews/SavedViewsMenu';
import { ExportListButton } from './ExportListButton';
import { CsvImportButton } from '../csvImport/CsvImportButton';
import { FilterDrawer } from './FilterDrawer';
import { fieldFilter, referenceFilter, searchFilter } from './fieldFilter';
import { readableField } from './fieldRights';
import type { ScreensConfig } from './fieldSpec';
import { STRUCTURE_LABEL, useShowsStructure } from './structureField';

/** "Créer" where the resource offers it (react-admin's button checks the session's right). */
function CreateAction() {
  const { hasCreate } = useResourceDefinition();
  return hasCreate ? <CreateButton /> : null;
}

/**
 * Above a list: its search and filters (react-admin's filter form), the button adding a filter, the saved
 * views ("Vues"), "Créer" and "Exporter". A chunk of its own, loaded once the rows are on screen: the filter form is a form
 * (react-hook-form and the inputs), which a list's first rows do not need. On a phone: the search box, the
 * other filters in a drawer (FilterDrawer), the buttons as icons (react-admin's <Button> on a small screen).
 */
export function ResourceListToolbar({ config }: { config: ScreensConfig }) {
  const showsStructure = useShowsStructure(config.resource);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const fieldFilters = useMemo(
    () => [
      ...config.fields
        .filter((spec) => spec.filter && spec.source !== STRUCTURE_FIELD && readableField(spec))
        .flatMap(fieldFilter),
      ...(config.extraFilters ?? []),
      // Platform staff looking at every structure narrow the list to one's (structureField.tsx).
      ...(showsStructure ? [referenceFilter(STRUCTURE_FIELD, STRUCTURES_RESOURCE, { label: STRUCTURE_LABEL })] : []),
    ],
    [config, showsStructure],
  );
  const filters = useMemo(() => [...(config.search ? [searchFilter] : []), ...fieldFilters], [config, fieldFilters]);
  // One tree on a phone and a wide screen: turning a tablet across the breakpoint keeps a dialog open
  // ("Importer"'s) where another tree would mount its button afresh, and close it.
  return (
    <ListToolbar
      className="RaList-actions"
      filters={filters.length === 0 ? undefined : phone ? filters.slice(0, config.search ? 1 : 0) : filters}
      actions={
        <Box
          sx={[
            { display: 'flex', alignItems: 'center', gap: 1 },
            phone && { flexWrap: 'wrap', justifyContent: 'flex-end', width: '100%' },
          ]}
        >
          {phone && fieldFilters.length > 0 && <FilterDrawer filters={fieldFilters} />}
          <SavedViewsMenu />
          {/* On a phone, the drawer's button in place of react-admin's "add a filter", and "Créer" alone (a
              floating button there). */}
          {phone ? <CreateAction /> : <ListActions />}
          <ExportListButton />
          <CsvImportButton config={config} />
        </Box>
      }
    />
  );
}
