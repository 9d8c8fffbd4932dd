import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useDataProvider, useGetOne, useTranslate, type GetListResult, type Identifier } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { RevisionRecord } from '../../providers/actions';
import { Loader } from '../Loader';
import './messages';
import { RevisionItem } from './RevisionItem';
import { useFieldSpecs } from './useFieldSpecs';

/** Changes asked for at once; older ones on demand. */
export const REVISIONS_PAGE = 20;

const loadedCount = (pages: GetListResult<RevisionRecord>[]) =>
  pages.reduce((count, page) => count + page.data.length, 0);

function nextPage(last: GetListResult<RevisionRecord>, pages: GetListResult<RevisionRecord>[]): number | undefined {
  const more = last.total !== undefined ? loadedCount(pages) < last.total : Boolean(last.pageInfo?.hasNextPage);
  return more && last.data.length > 0 ? pages.length + 1 : undefined;
}

/**
 * A record's history (`GET /api/{resource}/{id}/revisions`), newest first: each change with who made it,
 * when, the difference of each field, and "Restaurer cette version" where the session may write the record.
 * The side panel's "Historique" sub-tab, and the outline's for its selected node.
 */
export function RecordHistory({ resource, id }: { resource: string; id: Identifier }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: record } = useGetOne(resource, { id });
  // The fields' widgets are known before the changes show: no change first drawn one way, then another.
  const { isPending: specsPending } = useFieldSpecs(resource);
  const revisions = useInfiniteQuery({
    queryKey: ['revisions', resource, String(id)],
    queryFn: ({ pageParam, signal }) =>
      dataProvider.getRevisions(resource, { id }, { pagination: { page: pageParam, perPage: REVISIONS_PAGE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
  if (revisions.isPending || specsPending) return <Loader size="small" />;
  if (revisions.isError)
    return (
      <Alert severity="error" sx={{ m: 1 }}>
        {translate('app.history.load_error')}
      </Alert>
    );
  const entries = revisions.data.pages.flatMap((page) => page.data);
  if (entries.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {translate('app.history.empty')}
      </Typography>
    );
  const mayWrite = record !== undefined && sessionAllows(resource, 'edit', record);
  return (
    <Box sx={{ px: 1 }}>
      <Box component="ol" aria-label={translate('app.history.list')} sx={{ m: 0, p: 0 }}>
        {entries.map((revision, index) => (
          <RevisionItem
            key={revision.id}
            resource={resource}
            revision={revision}
            record={record}
            current={index === 0}
            restorable={mayWrite && index > 0 && revision.operation !== 'delete' && revision.operation !== 'erase'}
          />
        ))}
      </Box>
      {revisions.hasNextPage && (
        <Button sx={{ mt: 1 }} onClick={() => void revisions.fetchNextPage()} disabled={revisions.isFetchingNextPage}>
          {translate('app.history.more')}
        </Button>
      )}
    </Box>
  );
}
