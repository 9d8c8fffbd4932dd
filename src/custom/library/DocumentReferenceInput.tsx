import { useRef, useState, type ComponentType } from 'react';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { AutocompleteInput, ReferenceInput, useDataProvider, useInput, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { searchOf } from '../crud/fieldSpec';
import { uploadErrorMessage } from './uploadError';

interface Props {
  source: string;
  /** The uploaded document's context, which decides who may read it (`course_cover`, `chapter_part`). */
  context: string;
  /** What the file picker offers (`image/*`), a hint: the server checks the bytes. */
  accept?: string;
  /** The documents offered to pick from, by type (the API's `mimeType[]` filter); all when absent. */
  mimeTypes?: readonly string[];
  label?: string;
}

/**
 * A reference to a document (a course's cover, an image part's picture) that can also take a new file
 * in place: the file is uploaded with its progress, in the given context, and becomes the field's value.
 * A refusal (413, 415) is said in French under the field; the value stays what it was.
 */
export function DocumentReferenceInput({ source, context, accept, mimeTypes, label }: Props) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { field } = useInput({ source });
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | undefined>();
  const [sending, setSending] = useState('');
  const [error, setError] = useState<string>();

  const send = async (file: File) => {
    setError(undefined);
    setSending(file.name);
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
        <ReferenceInput source={source} reference="documents" filter={mimeTypes ? { mimeType: mimeTypes } : undefined}>
          <AutocompleteInput label={label} filterToQuery={searchOf('documents')} sx={{ flex: '1 1 240px' }} />
        </ReferenceInput>
        <Button
          size="small"
          variant="outlined"
          startIcon={<UploadIcon />}
          disabled={percent !== undefined}
          onClick={() => input.current?.click()}
        >
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
      {percent !== undefined && (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={translate('app.library.upload.progress', { name: sending })}
        />
      )}
      {error && (
        <Typography color="error" variant="body2" role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}

/** A document reference input bound to one context and file type, as a field's editor. */
export function documentReferenceInput(context: string, accept = 'image/*'): ComponentType<{ source: string }> {
  return function ContextDocumentInput({ source }: { source: string }) {
    return <DocumentReferenceInput source={source} context={context} accept={accept} />;
  };
}

/** A course's cover: an image, readable by contributors (context `course_cover`). */
export const CourseCoverInput = documentReferenceInput('course_cover');
