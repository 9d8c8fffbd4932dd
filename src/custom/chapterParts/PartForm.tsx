import { useMemo } from 'react';
import { AutocompleteInput, BooleanInput, ReferenceInput, SimpleForm, TextInput, useRecordContext } from 'react-admin';
import { searchOf } from '../crud/fieldSpec';
import { ReleaseDateInput } from '../releases/ReleaseDateFields';
import { documentIdOf } from './shared/documentId';
import { PartContentEditor } from './PartContentEditor';
import { PartTypeInput } from './PartTypeInput';
import { newPartValues } from './registry';
import { validatePart } from './validation';

/** A content's document references as ids, whichever form the API gave (the editors' inputs hold ids). */
function withDocumentIds(record: Record<string, unknown> | undefined) {
  const content = record?.content;
  if (!record || !content || typeof content !== 'object' || Array.isArray(content) || !('document' in content))
    return record;
  const { document } = content as { document: unknown };
  return { ...record, content: { ...content, document: documentIdOf(document) ?? document } };
}

/**
 * A chapter part's form: its chapter, type, title and the type's own editor with its preview. Validated as
 * the author types, through the check the server runs (validation.ts); the server's 422 lands on the same
 * fields, and what was typed stays.
 */
export function PartForm() {
  const record = useRecordContext();
  const shown = useMemo(() => withDocumentIds(record), [record]);
  return (
    <SimpleForm
      record={shown}
      // A new part starts on a type, with that type's editor, as in the course outline's dialog.
      defaultValues={record?.id === undefined ? newPartValues : undefined}
      validate={validatePart}
      warnWhenUnsavedChanges
    >
      <ReferenceInput source="chapter" reference="chapters">
        <AutocompleteInput filterToQuery={searchOf('chapters')} />
      </ReferenceInput>
      <PartTypeInput />
      <TextInput source="title" fullWidth />
      <BooleanInput source="required" />
      <ReleaseDateInput source="releaseAt" />
      <PartContentEditor />
    </SimpleForm>
  );
}
