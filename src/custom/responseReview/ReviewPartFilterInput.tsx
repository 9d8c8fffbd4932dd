import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { searchOf } from '../crud/fieldSpec';
import { useWatch } from 'react-hook-form';

/** The review list's part filter: it offers the parts of the chapter chosen beside it, when one is. */
export function ReviewPartFilterInput({ source }: { source: string; alwaysOn?: boolean }) {
  const chapter = useWatch({ name: 'chapter' }) as unknown;
  return (
    <ReferenceInput
      source={source}
      reference="chapter-parts"
      filter={chapter ? { chapter } : undefined}
      sort={{ field: 'position', order: 'ASC' }}
    >
      <AutocompleteInput
        label="resources.chapter-part-responses.fields.chapterPart"
        filterToQuery={searchOf('chapter-parts')}
        sx={{ minWidth: 200 }}
      />
    </ReferenceInput>
  );
}
