import { useRef } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';
import { templateVariables } from '../../domain/templateVariables';
import { TemplatePreviewPanel } from './TemplatePreviewPanel';

/**
 * A template's body: the `{{variables}}` its code offers, each inserted at the cursor by a
 * click, and a preview of what is typed, filled with sample values in each locale. The server refuses
 * any other variable, under this field.
 */
export function TemplateBodyEditor({ source }: { source: string }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const code: string = useWatch({ name: 'code' }) ?? '';
  const subject: string = useWatch({ name: 'subject' }) ?? '';
  const body: string = useWatch({ name: source }) ?? '';
  // MUI's multiline input also renders a hidden textarea to size itself: the box finds the one typed in.
  const box = useRef<HTMLDivElement | null>(null);

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
    <Stack spacing={1} sx={{ width: '100%', minWidth: 0 }}>
      <Box ref={box}>
        <TextInput source={source} multiline minRows={5} fullWidth />
      </Box>
      <Typography variant="body2" color="text.secondary" id="template-variables">
        {translate('app.people.templates.variables')}
      </Typography>
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        aria-labelledby="template-variables"
        data-testid="template-variables"
      >
        {templateVariables(code).map((name) => (
          <Chip key={name} size="small" variant="outlined" label={`{{${name}}}`} onClick={() => insert(name)} />
        ))}
      </Stack>
      <TemplatePreviewPanel code={code} subject={subject} body={body} />
    </Stack>
  );
}
