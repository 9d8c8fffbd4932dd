import { useRef, useState, type DragEvent } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { uploadErrorMessage } from './uploadError';

export interface SendOptions {
  onProgress: (progress: { loaded: number; total: number }) => void;
  signal: AbortSignal;
}

interface Upload {
  key: number;
  name: string;
  percent: number;
  controller: AbortController;
}

interface Props {
  /** Sends one file; answers the message to show once it is stored. */
  send: (file: File, options: SendOptions) => Promise<string>;
  chooseLabel: string;
  accept?: string;
  multiple?: boolean;
  /** Turns a refusal into words; the upload's own (413, 415) by default. */
  describeError?: (error: unknown) => string;
}

let nextKey = 0;

/**
 * Files sent by button or by drag-and-drop, several at once, each with its progress bar and a cancel
 * button; a refusal stays on screen, in French, until dismissed. The list refreshes after each file.
 */
export function FileUploadPanel({ send, chooseLabel, accept, multiple = true, describeError }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<{ key: number; text: string }[]>([]);
  const [over, setOver] = useState(false);

  const start = (files: File[]) => {
    for (const file of files) {
      const upload: Upload = { key: nextKey++, name: file.name, percent: 0, controller: new AbortController() };
      setUploads((current) => [...current, upload]);
      const onProgress = ({ loaded, total }: { loaded: number; total: number }) =>
        setUploads((current) =>
          current.map((item) =>
            item.key === upload.key ? { ...item, percent: total ? Math.round((loaded / total) * 100) : 0 } : item,
          ),
        );
      send(file, { onProgress, signal: upload.controller.signal })
        .then((message) => {
          notify(message, { type: 'success' });
          refresh();
        })
        .catch((error: unknown) => {
          if (upload.controller.signal.aborted) notify('app.library.upload.canceled', { type: 'info' });
          else
            setErrors((current) => [
              ...current,
              {
                key: upload.key,
                text: `${file.name} : ${(describeError ?? ((e) => uploadErrorMessage(e, translate)))(error)}`,
              },
            ]);
        })
        .finally(() => setUploads((current) => current.filter((item) => item.key !== upload.key)));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    start(multiple ? files : files.slice(0, 1));
  };

  return (
    // On a phone a list's table is wider than the screen and widens the page: the panel keeps to the screen.
    <Box sx={{ mb: 2, maxWidth: { xs: 'calc(100vw - 24px)', sm: 'none' } }}>
      <Box
        role="region"
        aria-label={translate('app.library.upload.zone')}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          bgcolor: over ? 'action.hover' : undefined,
        }}
      >
        <Typography variant="body2">{translate('app.library.upload.drop')}</Typography>
        <Button variant="outlined" size="small" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
          {chooseLabel}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          multiple={multiple}
          accept={accept}
          data-testid="upload-input"
          onChange={(event) => {
            start([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </Box>
      <Stack spacing={1} sx={{ mt: uploads.length || errors.length ? 1 : 0 }}>
        {uploads.map((upload) => (
          <Box key={upload.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="caption" noWrap component="div">
                {upload.name}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={upload.percent}
                aria-label={translate('app.library.upload.progress', { name: upload.name })}
              />
            </Box>
            <IconButton
              size="small"
              aria-label={translate('app.library.upload.cancel', { name: upload.name })}
              onClick={() => upload.controller.abort()}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        {errors.map((error) => (
          <Alert
            key={error.key}
            severity="error"
            onClose={() => setErrors((current) => current.filter((item) => item.key !== error.key))}
          >
            {error.text}
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}
