import { Link, Typography } from '@mui/material';
import type { Ticket } from '../../domain/records';
import { useSidePanel } from '../sidePanel';

const IRI = /^\/api\/([a-z-]+)\/(\d+)$/;

/**
 * What a ticket is about (a user or a course), as a link that opens it in the same side panel: it stacks
 * on the ticket, and closing it brings the ticket back (the panel's history).
 */
export function TicketParentLink({ parent }: { parent: NonNullable<Ticket['parent']> }) {
  const { open } = useSidePanel();
  const match = parent['@id'] ? IRI.exec(parent['@id']) : null;
  if (!match) return <Typography variant="body2">{parent.name}</Typography>;
  return (
    <Link
      component="button"
      variant="body2"
      onClick={() => open({ resource: match[1], id: Number(match[2]) })}
      sx={{ textAlign: 'left' }}
    >
      {parent.name}
    </Link>
  );
}
