import { useRef, useState, type ComponentType } from 'react';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { AutocompleteInput, ReferenceInput, useDataProvider, useInput, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { searchOf } from '../crud/fieldSpec';
import { uploadErrorMessage } from './uploadError';

/**
 * A reference to a document (a course's cover) that can also take a new file in place: the file is
 * uploaded with the given context (which decides who may read it) and becomes the field's value.
 */
export function documentReferenceInput(context: string, accept = 'image/*'): ComponentType<{ source: string }> {
  return function DocumentReferenceInput({ source }: { source: string }) {
    const translate = useTranslate();
    const dataProvider = useDataProvider<AppDataProvider>();
    const { field } = useInput({ source });
    const input = useRef<HTMLInputElement>(null);
    const [percent, setPercent] = useState<number | undefined>();
    const [error, setError] = useState<string>();

    const send = async (file: File) => {
      setError(undefined);
      setPercent(0);
      try {
        const { data } = await dataProvider.upload(file, {
          documentContext: context,
          onProgress: ({ loaded, total }) => setPercent(total ? Math.round((loaded / total) * 100) : 0),
        });
        field.onChange(data.id);
      } catch (failure) {
        setError(uploadErrorMessage(failure, translate));
      } finally {
        setPercent(undefined);
      }
    };

    return (
      <Box sx={{ width: '100%', mb: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <ReferenceInput source={source} reference="documents">
            <AutocompleteInput filterToQuery={searchOf('documents')} sx={{ flex: '1 1 240px' }} />
          </ReferenceInput>
          <Button size="small" variant="outlined" startIcon={<UploadIcon />} disabled={percent !== undefined} onClick={() => input.current?.click()}>
            {translate('app.library.upload.in_place')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={accept}
            data-testid={`upload-${source}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void send(file);
            }}
          />
        </Box>
        {percent !== undefined && <LinearProgress variant="determinate" value={percent} aria-label={translate('app.library.upload.progress', { name: source })} />}
        {error && <Typography color="error" variant="body2" role="alert">{error}</Typography>}
      </Box>
    );
  };
}

/** A course's cover: an image, readable by contributors (context `course_cover`). */
export const CourseCoverInput = documentReferenceInput('course_cover');
