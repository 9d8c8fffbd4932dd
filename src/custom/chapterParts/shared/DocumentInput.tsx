import { useId, useState, type ChangeEvent } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { AutocompleteInput, ReferenceInput, useDataProvider, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { AppDataProvider } from '../../../providers/dataProvider';

interface DocumentInputProps {
  source: string;
  /** What the file picker offers (`image/*`), a hint: the server checks the bytes. */
  accept?: string;
  /** The documents offered to pick from, by type (the API's `mimeType[]` filter); all when absent. */
  mimeTypes?: readonly string[];
}

const searchDocuments = (text: string) => (text ? { q: text } : {});

/**
 * A part's document: one of the documents already there, or a file uploaded here with its progress. The
 * upload is marked `chapter_part`, so that the other contributors may read what this part shows.
 */
export function DocumentInput({ source, accept, mimeTypes }: DocumentInputProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { setValue } = useFormContext();
  const inputId = useId();
  const [progress, setProgress] = useState<number>();
  const [failure, setFailure] = useState<string>();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(undefined);
    setProgress(0);
    try {
      const { data } = await dataProvider.upload(file, {
        documentContext: 'chapter_part',
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
      });
      setValue(source, data.id, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : 'app.parts.upload.failed');
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Box sx={{ width: '100%' }}>
      <ReferenceInput source={source} reference="documents" filter={mimeTypes ? { mimeType: mimeTypes } : undefined}>
        <AutocompleteInput filterToQuery={searchDocuments} label="app.parts.fields.document" fullWidth />
      </ReferenceInput>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button component="label" htmlFor={inputId} variant="outlined" size="small" startIcon={<UploadIcon />} disabled={progress !== undefined}>
          {translate('app.parts.upload.button')}
          <input id={inputId} type="file" accept={accept} hidden onChange={(event) => void upload(event)} />
        </Button>
        {progress !== undefined && (
          <Box sx={{ flex: 1, minWidth: 120 }}>
            <LinearProgress variant="determinate" value={progress} aria-label={translate('app.parts.upload.progress')} />
          </Box>
        )}
        {failure && (
          <Typography role="alert" color="error" variant="body2">
            {translate(failure, { _: failure })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
