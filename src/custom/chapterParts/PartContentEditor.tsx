import { createElement } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PartPreview } from './PartPreview';
import { partTypeOf } from './registry';

/** The editor of the chosen type, with what the learner will see beside it (below it on a phone). */
export function PartContentEditor() {
  const translate = useTranslate();
  const type: unknown = useWatch({ name: 'type' });
  const content: unknown = useWatch({ name: 'content' });
  const definition = partTypeOf(type);
  if (!definition) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        gap: 2,
        width: '100%',
      }}
    >
      <Box component="section" aria-label={translate('app.parts.editor')} sx={{ minWidth: 0 }}>
        {createElement(definition.Editor)}
      </Box>
      <Paper component="section" variant="outlined" aria-labelledby="part-preview-title" sx={{ p: 2, minWidth: 0 }}>
        <Typography id="part-preview-title" variant="overline" component="h2" color="text.secondary">
          {translate('app.parts.preview.title')}
        </Typography>
        <PartPreview type={type} content={content} />
      </Paper>
    </Box>
  );
}
