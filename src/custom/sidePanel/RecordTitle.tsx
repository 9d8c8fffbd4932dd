import { Typography } from '@mui/material';
import { useGetOne, useGetRecordRepresentation, type Identifier } from 'react-admin';

/** A record's one-line title, as its resource's `recordRepresentation` reads it. */
export function RecordTitle({ resource, id, titleId }: { resource: string; id: Identifier; titleId: string }) {
  // Same query as the show view below: react-query serves both from one request.
  const { data } = useGetOne(resource, { id });
  const represent = useGetRecordRepresentation(resource);
  return (
    <Typography component="h2" variant="h6" id={titleId} noWrap sx={{ flex: 1, minWidth: 0 }} title={data ? String(represent(data)) : undefined}>
      {data ? represent(data) : '…'}
    </Typography>
  );
}
