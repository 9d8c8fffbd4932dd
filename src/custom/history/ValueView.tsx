import { Typography } from '@mui/material';
import { RecordContextProvider, useTranslate, type RaRecord } from 'react-admin';
import type { FieldSpec } from '../crud/fieldSpec';
import { fieldValue } from '../crud/fieldValue';
import { asRecordValue } from './changedValues';
import './messages';

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * One value of a field at one time, as the side panel shows the field: the record as it is, with this value
 * in the field (a widget may read the record's other fields, as a part's preview reads its type).
 */
export function ValueView({ spec, value, record }: { spec?: FieldSpec; value: unknown; record?: RaRecord }) {
  const translate = useTranslate();
  if (isEmpty(value))
    return (
      <Typography variant="body2" component="span" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {translate('app.history.empty_value')}
      </Typography>
    );
  if (!spec || spec.kind === 'password')
    return (
      <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
        {typeof value === 'string' ? value : JSON.stringify(value)}
      </Typography>
    );
  // An embedded summary's change names the record it points at: shown as that record's name.
  const shown: FieldSpec = spec.kind === 'summary' && typeof value !== 'object' ? { ...spec, kind: 'reference' } : spec;
  const valued = { ...record, id: record?.id ?? 'revision', [spec.source]: asRecordValue(value) };
  return <RecordContextProvider value={valued}>{fieldValue(shown, 'show')}</RecordContextProvider>;
}
