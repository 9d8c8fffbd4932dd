import {
  BooleanField, EmailField, NumberField, ReferenceArrayField, ReferenceField, SelectField,
  TextArrayField, TextField, UrlField, useRecordContext,
} from 'react-admin';
import { Box } from '@mui/material';
import { choicesOf } from '../../resources/choices';
import { DateTimeField } from '../fields/DateTimeField';
import type { FieldSpec } from './fieldSpec';

function JsonField({ source }: { source: string }) {
  const record = useRecordContext();
  const value = record?.[source];
  if (value === undefined || value === null) return null;
  return (
    <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 320, overflow: 'auto' }}>
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

/** The read-only view of a field, in a list column or a show page. */
export function fieldValue(spec: FieldSpec) {
  const { source } = spec;
  switch (spec.kind) {
    case 'number':
      return <NumberField source={source} />;
    case 'boolean':
      return <BooleanField source={source} />;
    case 'date':
      return <DateTimeField source={source} />;
    case 'email':
      return <EmailField source={source} />;
    case 'url':
      return <UrlField source={source} />;
    case 'enum':
      return <SelectField source={source} choices={choicesOf(spec.choices ?? [], spec.choiceGroup ?? source)} />;
    case 'reference':
      return <ReferenceField source={source} reference={spec.reference!} link={false} />;
    case 'references':
      return <ReferenceArrayField source={source} reference={spec.reference!} />;
    case 'json':
      return <JsonField source={source} />;
    case 'summary':
      return <TextField source={`${source}.name`} />;
    case 'list':
      return <TextArrayField source={source} />;
    default:
      return <TextField source={source} />;
  }
}
