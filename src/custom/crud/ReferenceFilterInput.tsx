import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { searchOf } from './fieldSpec';

/** A list filter on a relation: the referenced records, searched as the user types where the server can. */
interface ReferenceFilterInputProps {
  source: string;
  reference: string;
  alwaysOn?: boolean;
  /** What react-admin's filter form adds to each of its inputs (resource, size...). */
  [prop: string]: unknown;
}

export function ReferenceFilterInput({ source, reference, ...props }: ReferenceFilterInputProps) {
  return (
    <ReferenceInput {...props} source={source} reference={reference}>
      <AutocompleteInput filterToQuery={searchOf(reference)} />
    </ReferenceInput>
  );
}
