import { NullableBooleanInput, SearchInput, SelectInput, TextInput } from 'react-admin';
import { choicesOf } from './choices';
import { FieldPeriodInput } from './FieldPeriodInput';
import { lazyComponent } from '../lazyComponent';
import type { FieldSpec } from './fieldSpec';

// The autocomplete is the heaviest input; a list loads it when a reference filter shows, not before.
const ReferenceFilterInput = lazyComponent(() =>
  import('./ReferenceFilterInput').then((module) => module.ReferenceFilterInput),
);

/** The filters of a list for a field: one input, or a date's two ends. */
export function fieldFilter(spec: FieldSpec) {
  const { source } = spec;
  const alwaysOn = spec.filter === 'alwaysOn';
  switch (spec.kind) {
    case 'date':
      return [
        <FieldPeriodInput key={`${source}.after`} source={source} edge="start" />,
        <FieldPeriodInput key={`${source}.before`} source={source} edge="end" />,
      ];
    case 'boolean':
      return <NullableBooleanInput key={source} source={source} alwaysOn={alwaysOn} />;
    case 'enum':
      return (
        <SelectInput
          key={source}
          source={source}
          choices={choicesOf(spec.choices ?? [], spec.choiceGroup ?? source)}
          alwaysOn={alwaysOn}
        />
      );
    case 'reference':
    case 'references':
    case 'summary':
      if (!spec.reference) return <TextInput key={source} source={source} alwaysOn={alwaysOn} />;
      return referenceFilter(source, spec.reference, { alwaysOn });
    default:
      return <TextInput key={source} source={source} alwaysOn={alwaysOn} />;
  }
}

/** A list filter picking one of the records of `reference` (searched as the user types where it can). */
export function referenceFilter(
  source: string,
  reference: string,
  { alwaysOn = false, label }: { alwaysOn?: boolean; label?: string } = {},
) {
  return <ReferenceFilterInput key={source} source={source} reference={reference} alwaysOn={alwaysOn} label={label} />;
}

export const searchFilter = <SearchInput key="q" source="q" alwaysOn />;
