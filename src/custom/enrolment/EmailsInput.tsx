import { useId, type ChangeEvent } from 'react';
import { Box, Button, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ENROLMENT_MAX_LEARNERS } from '../../domain/learning';
import { emailsOf } from './enrolmentForm';

// At most this many bytes are read from a file: twenty thousand addresses and their other columns.
const FILE_MAX_BYTES = 4 * 1024 * 1024;

const validateEmails = (text: unknown) => {
  const count = emailsOf(typeof text === 'string' ? text : '').length;
  if (count === 0) return 'app.learning.enrol.emails_none';
  if (count > ENROLMENT_MAX_LEARNERS)
    return { message: 'app.learning.enrol.emails_too_many', args: { max: ENROLMENT_MAX_LEARNERS } };
  return undefined;
};

/**
 * E-mail addresses pasted (one a line) or read from a CSV file (any column that holds them), counted as
 * they are read; the server says which of them are no member of the structure.
 */
export function EmailsInput() {
  const translate = useTranslate();
  const notify = useNotify();
  const id = useId();
  const { setValue } = useFormContext();
  const text = (useWatch({ name: 'emails' }) as string | undefined) ?? '';
  const count = emailsOf(text).length;

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > FILE_MAX_BYTES) {
      notify('app.learning.enrol.file_too_large', { type: 'error' });
      return;
    }
    setValue('emails', await file.text(), { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextInput
        source="emails"
        label="app.learning.enrol.emails"
        helperText="app.learning.enrol.emails_help"
        multiline
        minRows={4}
        maxRows={12}
        validate={validateEmails}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Button component="label" htmlFor={id} size="small" variant="outlined" startIcon={<UploadFileIcon />}>
          {translate('app.learning.enrol.file')}
          <input id={id} type="file" hidden accept=".csv,.txt,text/csv,text/plain" onChange={(e) => void read(e)} />
        </Button>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {translate('app.learning.enrol.emails_count', { smart_count: count })}
        </Typography>
      </Box>
    </Box>
  );
}
