import { createElement } from 'react';
import {
  BooleanField,
  EmailField,
  NumberField,
  SelectField,
  TextArrayField,
  TextField,
  UrlField,
  useRecordContext,
} from 'react-admin';
import { Box } from '@mui/material';
import { choicesOf } from './choices';
import { ColorField } from '../fields/ColorField';
import { DateTimeField } from '../fields/DateTimeField';
import { lazyComponent } from '../lazyComponent';
import { ChoiceChips } from './ChoiceChips';
import { SummaryValue } from './SummaryValue';
import type { FieldPlace, FieldSpec, ScreensConfig } from './fieldSpec';

/*
 * Reference fields fetch and show other records (with their loading bars and chips): a screen with none
 * does not load their code. lazyScreen preloads it for a screen that has some, so it shows at once.
 */
const ReferenceValue = lazyComponent(() => import('./ReferenceValue').then((module) => module.ReferenceValue));

const isReference = (spec: FieldSpec) => spec.kind === 'reference' || spec.kind === 'references';

/** Loads what the fields a screen shows need before the screen renders. */
export async function preloadFieldValues(fields: ScreensConfig['fields']): Promise<void> {
  if (fields.some(isReference)) await ReferenceValue.preload();
}

function JsonField({ source }: { source: string }) {
  const record = useRecordContext();
  const value = record?.[source];
  if (value === undefined || value === null) return null;
  return (
    <Box
      component="pre"
      sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 320, overflow: 'auto' }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

/** The read-only view of a field, in a list column or a show page. */
export function fieldValue(spec: FieldSpec, place: FieldPlace = 'show') {
  const { source } = spec;
  if (spec.render) return createElement(spec.render, { source, place });
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
    case 'color':
      return <ColorField source={source} />;
    case 'enum':
      return <SelectField source={source} choices={choicesOf(spec.choices ?? [], spec.choiceGroup ?? source)} />;
    case 'reference':
    case 'references':
      // In a list, a click on the row opens the row's record: a reference there is text, not a link.
      return (
        <ReferenceValue
          source={source}
          reference={spec.reference!}
          many={spec.kind === 'references'}
          openable={place === 'show'}
        />
      );
    case 'json':
      return <JsonField source={source} />;
    case 'summary':
      return spec.reference && place === 'show' ? (
        <SummaryValue source={source} reference={spec.reference} />
      ) : (
        <TextField source={`${source}.name`} />
      );
    case 'list':
      return spec.choices ? (
        <ChoiceChips source={source} group={spec.choiceGroup ?? source} />
      ) : (
        <TextArrayField source={source} />
      );
    default:
      return <TextField source={source} />;
  }
}
