import { Link } from '@mui/material';
import type { MouseEvent } from 'react';
import { ReferenceArrayField, ReferenceField, useGetRecordRepresentation, useRecordContext } from 'react-admin';
import { useSidePanel } from '../sidePanel/SidePanelContext';

export interface ReferenceValueProps {
  source: string;
  reference: string;
  /** Several references (an array of ids), each shown as a chip. */
  many?: boolean;
  /** The name opens the record in the side panel (a record's page or panel); plain text otherwise. */
  openable?: boolean;
}

/**
 * The referenced record's name, as a link that opens it in the side panel (stacked on what is shown, so the
 * panel's history brings the reader back): a ticket named by a note opens the ticket's panel. It is a link
 * only once the record was read, that is when the session may open it.
 */
function OpenInSidePanel({ reference }: { reference: string }) {
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(reference);
  const { open } = useSidePanel();
  if (!record) return null;
  const openIt = (event: MouseEvent) => {
    event.stopPropagation();
    open({ resource: reference, id: Number(record.id) });
  };
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={openIt}
      sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
    >
      {represent(record)}
    </Link>
  );
}

/** The records a field points at, each as its resource's `recordRepresentation`. */
export function ReferenceValue({ source, reference, many, openable }: ReferenceValueProps) {
  if (many) return <ReferenceArrayField source={source} reference={reference} />;
  if (!openable) return <ReferenceField source={source} reference={reference} link={false} />;
  return (
    <ReferenceField source={source} reference={reference} link={false}>
      <OpenInSidePanel reference={reference} />
    </ReferenceField>
  );
}
