import { useDeferredValue } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { MarkdownView } from './MarkdownView';

/** A Markdown text with its sanitised preview beside it (below it on a phone), updated as one types. */
export function MarkdownInput({ source }: { source: string }) {
  const translate = useTranslate();
  const { field, id } = useInput({ source });
  const text = typeof field.value === 'string' ? field.value : '';
  // Typing stays fluid on a long sheet: the preview renders when the input is idle.
  const preview = useDeferredValue(text);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        width: '100%',
        mb: 2,
      }}
    >
      <TextField
        {...field}
        id={id}
        value={text}
        multiline
        minRows={12}
        fullWidth
        label={translate(`resources.sheets.fields.${source}`)}
        helperText={translate('app.markdown.help')}
      />
      <Box
        component="section"
        aria-labelledby={`${id}-preview`}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0 }}
      >
        <Typography id={`${id}-preview`} variant="overline" component="h2">
          {translate('app.markdown.preview')}
        </Typography>
        <MarkdownView source={preview} />
      </Box>
    </Box>
  );
}
