import { Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { FieldChanges } from '../../domain/audit';
import { Loader } from '../Loader';
import { ChangedField } from './ChangedField';
import './messages';
import { useFieldSpecs } from './useFieldSpecs';

/**
 * The fields one change touched, each with its difference, shown as the resource's screens show them: a
 * revision of the history, an entry of the audit log.
 */
export function ChangedFields({
  resource,
  changes,
  record,
  created = false,
}: {
  resource: string;
  changes: FieldChanges | null | undefined;
  /** The record as it is now, when it still is. */
  record?: RaRecord;
  /** The changes are the record's creation. */
  created?: boolean;
}) {
  const translate = useTranslate();
  const { isPending, specOf } = useFieldSpecs(resource);
  const fields = Object.entries(changes ?? {});
  if (fields.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.history.no_field')}
      </Typography>
    );
  if (isPending) return <Loader size="small" />;
  return (
    <>
      {fields.map(([field, change]) => (
        <ChangedField
          key={field}
          resource={resource}
          field={field}
          change={change}
          spec={specOf(field)}
          specOf={specOf}
          record={record}
          created={created}
        />
      ))}
    </>
  );
}
