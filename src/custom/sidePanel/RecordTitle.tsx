import { Typography } from '@mui/material';
import { useGetOne, useGetRecordRepresentation, type Identifier } from 'react-admin';

/** A record's one-line title, as its resource's `recordRepresentation` reads it. */
export function RecordTitle({ resource, id, titleId }: { resource: string; id: Identifier; titleId: string }) {
  // Same query as the show view below: react-query serves both from one request.
  const { data } = useGetOne(resource, { id });
  const represent = useGetRecordRepresentation(resource);
  // A representation may be an element (names of other records): no tooltip of its text then.
  const shown = data ? represent(data) : undefined;
  return (
    <Typography
      component="h2"
      variant="h6"
      id={titleId}
      noWrap
      sx={{ flex: 1, minWidth: 0 }}
      title={typeof shown === 'string' ? shown : undefined}
    >
      {shown ?? '…'}
    </Typography>
  );
}
