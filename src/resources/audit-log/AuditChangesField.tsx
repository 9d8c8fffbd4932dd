import { Typography } from '@mui/material';
import { useRecordContext, useTranslate, useTranslateLabel } from 'react-admin';
import type { FieldRenderProps } from '../../custom/crud/fieldSpec';
import { ChangedFields } from '../../custom/history/ChangedFields';
import type { FieldChanges } from '../../domain/audit';

/** Field names shown in a row before "+ N autres". */
const SHOWN_FIELDS = 3;

/**
 * What an entry changed: in the list, the changed fields' names (the first few); on the entry's page, each
 * field's difference as the record's history shows it.
 */
export function AuditChangesField({ place }: FieldRenderProps) {
  const entry = useRecordContext();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const resource = typeof entry?.resource === 'string' ? entry.resource : '';
  const changes = (entry?.changes ?? {}) as FieldChanges;
  if (place === 'show')
    return <ChangedFields resource={resource} changes={changes} created={entry?.action === 'create'} />;
  const fields = Object.keys(changes);
  const names = fields.slice(0, SHOWN_FIELDS).map((field) => String(translateLabel({ source: field, resource })));
  const more = fields.length - SHOWN_FIELDS;
  return (
    <Typography variant="body2" component="span">
      {names.join(', ')}
      {more > 0 && ` ${translate('resources.audit-log.more_fields', { smart_count: more })}`}
    </Typography>
  );
}
