import { cloneElement, type ReactElement } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  email,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  SelectArrayInput,
  SelectInput,
  TextInput,
  type Validator,
} from 'react-admin';
import { choicesOf } from './choices';
import { searchOf, type FieldSpec, type ScreensConfig } from './fieldSpec';
import { JsonInput } from './JsonInput';

// DateTimeInput holds the local time without an offset; the API wants ISO 8601 with one.
const toIsoDate = (value: string) => (value ? new Date(value).toISOString() : null);

function validators(spec: FieldSpec): Validator[] {
  const rules: Validator[] = [];
  if (spec.required) rules.push(required());
  if (spec.maxLength) rules.push(maxLength(spec.maxLength));
  if (spec.min !== undefined) rules.push(minValue(spec.min));
  if (spec.max !== undefined) rules.push(maxValue(spec.max));
  if (spec.kind === 'email') rules.push(email());
  return rules;
}

/** The input of a field in a create or edit form. */
export function fieldInput(spec: FieldSpec) {
  const { source } = spec;
  const validate = validators(spec);
  const choices = choicesOf(spec.choices ?? [], spec.choiceGroup ?? source);
  if (spec.editor) return <spec.editor key={source} source={source} />;
  switch (spec.kind) {
    case 'longText':
      return <TextInput key={source} source={source} multiline minRows={3} validate={validate} />;
    case 'email':
      return <TextInput key={source} source={source} type="email" validate={validate} />;
    case 'url':
      return <TextInput key={source} source={source} type="url" validate={validate} />;
    case 'number':
      return <NumberInput key={source} source={source} min={spec.min} max={spec.max} validate={validate} />;
    case 'boolean':
      return <BooleanInput key={source} source={source} />;
    case 'date':
      return <DateTimeInput key={source} source={source} parse={toIsoDate} validate={validate} />;
    case 'enum':
      return (
        <SelectInput
          key={source}
          source={source}
          choices={choices}
          validate={validate}
          emptyText={spec.required ? undefined : 'ra.action.clear_input_value'}
        />
      );
    case 'list':
      return <SelectArrayInput key={source} source={source} choices={choices} validate={validate} />;
    case 'reference':
      return (
        <ReferenceInput key={source} source={source} reference={spec.reference!}>
          <AutocompleteInput filterToQuery={searchOf(spec.reference!)} validate={validate} />
        </ReferenceInput>
      );
    case 'references':
      return (
        <ReferenceArrayInput key={source} source={source} reference={spec.reference!}>
          <AutocompleteArrayInput filterToQuery={searchOf(spec.reference!)} validate={validate} />
        </ReferenceArrayInput>
      );
    case 'json':
      return <JsonInput key={source} source={source} required={spec.required} />;
    case 'password':
      return <PasswordInput key={source} source={source} validate={validate} autoComplete="new-password" />;
    default:
      return <TextInput key={source} source={source} validate={validate} />;
  }
}

/**
 * The input of one of a resource's fields in a form of its own (a user's profile): the contract's rules,
 * with that form's props (its resource outside a resource context, a helper text, an autocomplete hint).
 */
export function inputOf(config: ScreensConfig, source: string, props: Record<string, unknown> = {}) {
  const spec = config.fields.find((field) => field.source === source);
  if (!spec) throw new Error(`The screens of ${config.resource} show no field "${source}".`);
  return cloneElement(fieldInput(spec) as ReactElement<Record<string, unknown>>, props);
}
