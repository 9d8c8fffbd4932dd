import { useEffect, type ReactNode } from 'react';
import { Box, Card } from '@mui/material';
import { Empty, Title, useListContext } from 'react-admin';
import { lazyComponent } from '../lazyComponent';
import { Loader } from '../Loader';
import { firstRowsRendered, useAfterFirstPaint } from '../useAfterFirstPaint';
import type { ScreensConfig } from './fieldSpec';

// The toolbar's usual height, held while its code comes: the rows do not jump when it shows.
const TOOLBAR_MIN_HEIGHT = 64;

const toolbarPlaceholder = <Box className="RaList-actions" sx={{ minHeight: TOOLBAR_MIN_HEIGHT }} />;

// MUI's pagination bar is at least this tall: its place is held while its code comes, after the rows.
const PAGINATION_MIN_HEIGHT = 52;

const paginationPlaceholder = <Box sx={{ minHeight: PAGINATION_MIN_HEIGHT }} />;

const ListPagination = lazyComponent(
  () => import('./listPagination').then((module) => module.Pagination),
  paginationPlaceholder,
);

const ResourceListToolbar = lazyComponent(
  () => import('./ResourceListToolbar').then((module) => module.ResourceListToolbar),
  toolbarPlaceholder,
);

/**
 * A list page as react-admin's <List> lays it out (title, toolbar, the rows in a card, pagination, or the
 * "no records yet" page), with the toolbar and the pagination loaded apart (ResourceListToolbar,
 * listPagination.ts): react-admin's <List> imports its filter form with it, and the first page of the app
 * waited for a form's code, and a select's, to show rows.
 */
export function ListPage({ config, children }: { config: ScreensConfig; children: ReactNode }) {
  const { data, defaultTitle, error, filterValues, isPending, resource, total } = useListContext();
  // On the app's first page, the toolbar's code is asked for once the rows are painted.
  const toolbarShown = useAfterFirstPaint();
  // The app's surroundings wait for the first list's rows (or its empty page, or its error) to be painted.
  const settled = !isPending || Boolean(error);
  useEffect(() => {
    if (settled) firstRowsRendered();
  }, [settled]);
  // react-admin's ListView: the empty page only for a list that has loaded nothing with no filter on.
  const nothingYet = !error && !isPending && total === 0 && Object.keys(filterValues).length === 0;
  return (
    <Box className="list-page RaList-root" data-resource={resource} sx={{ display: 'flex' }}>
      <Title defaultTitle={defaultTitle} preferenceKey={`${resource}.list.title`} />
      {nothingYet ? (
        <Box className="RaList-noResults" sx={{ flex: 1 }}>
          {config.listHeader && <config.listHeader />}
          {config.listEmpty ? <config.listEmpty /> : <Empty />}
        </Box>
      ) : (
        <Box className="RaList-main" sx={{ flex: '1 1 auto', minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {config.listHeader && <config.listHeader />}
          {toolbarShown ? <ResourceListToolbar config={config} /> : toolbarPlaceholder}
          {/* The table scrolls sideways in its own box; not the card, whose overflow would clip the bulk actions
              toolbar that slides up over the list's toolbar. */}
          <Card
            className="RaList-content"
            sx={{
              position: 'relative',
              overflow: 'inherit',
              boxShadow: { xs: 'none', sm: undefined },
              '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
              // A header reads on one line ("À relancer le"); a narrow list scrolls sideways instead.
              '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
            }}
          >
            {/* A list that waits for its first rows shows the loader, not a blank card that would look empty. */}
            {isPending && !data ? <Loader size="medium" /> : children}
          </Card>
          {toolbarShown ? <ListPagination /> : paginationPlaceholder}
        </Box>
      )}
    </Box>
  );
}
