import { useRef } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';

/**
 * A text with `{{variables}}`: the multiline input and the variables it may use, each inserted at the
 * cursor by a click (or Enter on the focused chip). The server refuses any other variable, under this field.
 */
export function VariableTextInput({ source, variables }: { source: string; variables: readonly string[] }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  // MUI's multiline input also renders a hidden textarea to size itself: the box finds the one typed in.
  const box = useRef<HTMLDivElement | null>(null);
  const labelId = `${source}-variables`;

  function insert(name: string) {
    const token = `{{${name}}}`;
    const current: string = getValues(source) ?? '';
    const element = box.current?.querySelector<HTMLTextAreaElement>('textarea:not([aria-hidden])');
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? start;
    setValue(source, current.slice(0, start) + token + current.slice(end), { shouldDirty: true, shouldValidate: true });
    // After React wrote the new value: the cursor goes after the inserted variable.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <>
      <Box ref={box}>
        <TextInput source={source} multiline minRows={5} fullWidth />
      </Box>
      <Typography variant="body2" color="text.secondary" id={labelId}>
        {translate('app.people.templates.variables')}
      </Typography>
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        aria-labelledby={labelId}
        data-testid="template-variables"
      >
        {variables.map((name) => (
          <Chip key={name} size="small" variant="outlined" label={`{{${name}}}`} onClick={() => insert(name)} />
        ))}
      </Stack>
    </>
  );
}
