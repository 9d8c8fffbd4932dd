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
  /** A line as tall as `row`'s, to hold its place while the records load: one line of text by default. */
  rowPlaceholder?: ReactNode;
}

const NO_FILTER = {};
const ONE_LINE = '\u00a0';

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
  rowPlaceholder = ONE_LINE,
}: ListCountCardProps) {
  const translate = useTranslate();
  const query = useGetList(resource, { pagination: { page: 1, perPage: Math.max(rows, 1) }, sort, filter });
  const link = listLink(resource, filter, sort);
  const shownRows = row ? rows : 0;
  // The figure and as many lines as the card may show: the card is that tall from the start.
  const placeholder = (
    <>
      <FigureLink to={link} value={0} label={translate(figure)} />
      {shownRows > 0 && (
        <List dense disablePadding>
          {Array.from({ length: shownRows }, (_, index) => (
            <ListItem key={index} disableGutters>
              {rowPlaceholder}
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
  return (
    <DashboardCard
      title={title}
      state={cardStateOf(query, !query.total)}
      empty={empty}
      testId={testId}
      placeholder={placeholder}
    >
      <FigureLink to={link} value={query.total ?? 0} label={translate(figure)} />
      {shownRows > 0 && row && (
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
