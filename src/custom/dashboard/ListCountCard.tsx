import type { ReactNode } from 'react';
import { List, ListItem } from '@mui/material';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { cardStateOf, DashboardCard } from './DashboardCard';
import { FigureLink } from './FigureLink';
import { listLink, type ListLinkSort } from './listLink';

export interface ListCountCardProps {
  /** The list counted, as the session reads it, and how it is narrowed. */
  resource: string;
  filter?: Record<string, unknown>;
  sort?: ListLinkSort;
  /** Records shown under the figure (the latest drafts, sign-ins): the page asked for; none by default. */
  rows?: number;
  title: string;
  figure: string;
  empty: string;
  testId: string;
  /** One shown record, as a line of the card's list. */
  row?: (record: RaRecord) => ReactNode;
}

const NO_FILTER = {};

/**
 * A card counting one filtered list with the list's own request (a page of `rows` records, at least one,
 * whose `hydra:totalItems` is the figure), the figure a link to that list so filtered.
 */
export function ListCountCard({
  resource,
  filter = NO_FILTER,
  sort,
  rows = 0,
  title,
  figure,
  empty,
  testId,
  row,
}: ListCountCardProps) {
  const translate = useTranslate();
  const query = useGetList(resource, { pagination: { page: 1, perPage: Math.max(rows, 1) }, sort, filter });
  return (
    <DashboardCard title={title} state={cardStateOf(query, !query.total)} empty={empty} testId={testId}>
      <FigureLink to={listLink(resource, filter, sort)} value={query.total ?? 0} label={translate(figure)} />
      {rows > 0 && row && (
        <List dense disablePadding>
          {query.data?.map((record) => (
            <ListItem key={record.id} disableGutters sx={{ overflowWrap: 'anywhere' }}>
              {row(record)}
            </ListItem>
          ))}
        </List>
      )}
    </DashboardCard>
  );
}
