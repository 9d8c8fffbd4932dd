import { AutocompleteInput, ReferenceInput, useTranslate, type Validator } from 'react-admin';
import { rightsOf } from '../../domain/rights';
import { STRUCTURE_FIELD, STRUCTURES_RESOURCE } from '../../domain/tenancy';
import { searchOf } from './fieldSpec';
import { STRUCTURE_LABEL } from './structureField';

interface StructureInputProps {
  /** The resource the new record is one of: says what an empty structure means (the catalogue, the platform). */
  resource: string;
  validate?: Validator;
  /** Replaces the helper text (a translation key). */
  helperText?: string;
}

/**
 * The structure a new record belongs to, on a create form of platform staff working across all
 * structures (the API's `company`, which only they write, on create only): one of every structure,
 * searched. Inside a structure the header says it, and nothing is asked.
 */
export function StructureInput({ resource, validate, helperText }: StructureInputProps) {
  const translate = useTranslate();
  const empty =
    rightsOf(resource).tenancy.rows === 'catalogue'
      ? 'app.tenancy.empty_structure.catalogue'
      : 'app.tenancy.empty_structure.platform';
  return (
    <ReferenceInput source={STRUCTURE_FIELD} reference={STRUCTURES_RESOURCE} label={STRUCTURE_LABEL}>
      <AutocompleteInput
        label={STRUCTURE_LABEL}
        filterToQuery={searchOf(STRUCTURES_RESOURCE)}
        helperText={translate(helperText ?? empty)}
        validate={validate}
      />
    </ReferenceInput>
  );
}
