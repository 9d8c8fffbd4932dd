import { Typography } from '@mui/material';
import { useGetOne, useGetRecordRepresentation, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { leavesRecordGone, type FieldChanges } from '../../domain/audit';
import { CONTRACTS_BY_NAME } from '../../domain/contracts';
import { idOfIri } from '../../domain/relations';
import { sessionAllows } from '../../providers/authProvider';

/** The record as a deletion left it: its fields' last values, enough for its one-line representation. */
function removedRecord(id: number, changes: FieldChanges | undefined): RaRecord {
  const values = Object.entries(changes ?? {}).map(([field, { before }]) => [field, idOfIri(before) ?? before]);
  return { ...Object.fromEntries(values), id };
}

/**
 * The record an entry changed, in one line as its resource shows it, read one by one (a record that is
 * gone fails alone, not the page's other rows); a deleted one by its last values. Plain text: the row
 * opens it.
 */
export function AuditRecordField() {
  const entry = useRecordContext();
  const translate = useTranslate();
  const resource = typeof entry?.resource === 'string' ? entry.resource : '';
  const id = typeof entry?.recordId === 'number' ? entry.recordId : undefined;
  const deleted = leavesRecordGone(entry?.action);
  const changes = entry?.changes as FieldChanges | undefined;
  const readable = id !== undefined && !deleted && CONTRACTS_BY_NAME.has(resource) && sessionAllows(resource, 'show');
  const { data, error } = useGetOne(resource, { id }, { enabled: readable, retry: false });
  const represent = useGetRecordRepresentation(resource);
  if (id === undefined) return null;
  let text = `#${id}`;
  // An erased record's entry keeps only the label it had in the recycle bin.
  if (entry?.action === 'erase')
    text = `${String(changes?.label?.before ?? text)} ${translate('resources.audit-log.erased')}`;
  else if (deleted) text = `${represent(removedRecord(id, changes))} ${translate('resources.audit-log.deleted')}`;
  else if (data) text = String(represent(data));
  else if (error) text = `#${id} ${translate('resources.audit-log.deleted')}`;
  return (
    <Typography variant="body2" component="span">
      {text}
    </Typography>
  );
}
