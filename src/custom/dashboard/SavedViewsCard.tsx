import { Box, Link, List, ListItem } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetResourceLabel } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { cardStateOf, DashboardCard } from './DashboardCard';
import { listLink } from './listLink';

/**
 * The user's saved views of every list (`GET /api/saved-views`), each a link that opens its list with the
 * view's filters and order, as choosing it in the list's "Vues" menu does.
 */
export function SavedViewsCard() {
  const getResourceLabel = useGetResourceLabel();
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({ queryKey: ['savedViews'], queryFn: () => dataProvider.getAllSavedViews() });
  const views = query.data ?? [];
  return (
    <DashboardCard
      title="app.dashboard.saved_views.title"
      state={cardStateOf(query, views.length === 0)}
      empty="app.dashboard.saved_views.empty"
      testId="card-saved-views"
    >
      <List dense disablePadding>
        {views.map((view) => (
          <ListItem key={view.id} disableGutters sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={listLink(view.resource, view.params.filter, view.params.sort)}>
              {view.name}
            </Link>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {` · ${getResourceLabel(view.resource, 2)}`}
            </Box>
          </ListItem>
        ))}
      </List>
    </DashboardCard>
  );
}
