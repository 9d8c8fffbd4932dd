import { Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { templateVariables } from '../../domain/templateVariables';
import { TemplatePreviewPanel } from './TemplatePreviewPanel';
import { VariableTextInput } from './VariableTextInput';

/**
 * A template's body: the `{{variables}}` its code offers, each inserted at the cursor by a
 * click, and a preview of what is typed, filled with sample values in each locale. The server refuses
 * any other variable, under this field.
 */
export function TemplateBodyEditor({ source }: { source: string }) {
  const code: string = useWatch({ name: 'code' }) ?? '';
  const subject: string = useWatch({ name: 'subject' }) ?? '';
  const body: string = useWatch({ name: source }) ?? '';
  return (
    <Stack spacing={1} sx={{ width: '100%', minWidth: 0 }}>
      <VariableTextInput source={source} variables={templateVariables(code)} />
      <TemplatePreviewPanel code={code} subject={subject} body={body} />
    </Stack>
  );
}
