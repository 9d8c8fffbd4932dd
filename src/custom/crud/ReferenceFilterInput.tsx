import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { searchOf } from './fieldSpec';

/** A list filter on a relation: the referenced records, searched as the user types where the server can. */
interface ReferenceFilterInputProps {
  source: string;
  reference: string;
  alwaysOn?: boolean;
  /** A label other than the field's own (the filter form's menu reads it here, the input on its child). */
  label?: string;
  /** What react-admin's filter form adds to each of its inputs (resource, size...). */
  [prop: string]: unknown;
}

export function ReferenceFilterInput({ source, reference, label, ...props }: ReferenceFilterInputProps) {
  return (
    <ReferenceInput {...props} source={source} reference={reference} label={label}>
      <AutocompleteInput filterToQuery={searchOf(reference)} label={label} />
    </ReferenceInput>
  );
}
