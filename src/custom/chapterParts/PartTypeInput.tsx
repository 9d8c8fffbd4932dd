import { Box } from '@mui/material';
import { required, SelectInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { CHAPTER_PART_TYPES, type ChapterPartType } from '../../domain/chapterParts';
import { PART_TYPES, partTypeLabel } from './registry';

function TypeChoice({ type }: { type: ChapterPartType }) {
  const translate = useTranslate();
  const Icon = PART_TYPES[type].icon;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Icon fontSize="small" color="action" />
      {translate(partTypeLabel(type))}
    </Box>
  );
}

const choices = CHAPTER_PART_TYPES.map((type) => ({ id: type, name: type }));
// Required, as the app's other required selects are: react-admin then offers no blank choice.
const validate = required();

/** The part's type, with its icon; choosing one starts its content afresh from the type's empty content. */
export function PartTypeInput() {
  const { setValue } = useFormContext();
  return (
    <SelectInput
      source="type"
      choices={choices}
      validate={validate}
      optionText={(choice: { id: ChapterPartType }) => <TypeChoice type={choice.id} />}
      onChange={(event: unknown) => {
        const value = (event as { target?: { value?: unknown } }).target?.value;
        const definition = PART_TYPES[value as ChapterPartType];
        if (definition) setValue('content', definition.empty(), { shouldDirty: true });
      }}
    />
  );
}
