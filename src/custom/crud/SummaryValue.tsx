import { Link, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Summary } from '../../domain/records';
import { sessionAllows } from '../../providers/authProvider';
import { useSidePanel } from '../sidePanel/SidePanelContext';

/**
 * An embedded summary's name (API.md: `{"@id", id, name}`), with nothing to fetch: the reader of a comment
 * may not read its author. A link that opens the named record in the side panel for a session that may
 * read it; plain text otherwise.
 */
export function SummaryValue({ source, reference }: { source: string; reference: string }) {
  const record = useRecordContext();
  const { open } = useSidePanel();
  const summary = record?.[source] as Summary | null | undefined;
  if (!summary || typeof summary !== 'object') return null;
  if (!sessionAllows(reference, 'show', { id: summary.id }))
    return (
      <Typography variant="body2" component="span">
        {summary.name}
      </Typography>
    );
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={() => open({ resource: reference, id: summary.id })}
      sx={{ textAlign: 'left' }}
    >
      {summary.name}
    </Link>
  );
}
