import { useState } from 'react';
import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { HttpsUrlInput } from '../shared/HttpsUrlInput';
import { splitTypeform } from './typeform';

type Origin = 'formId' | 'url';

/**
 * The form's id or its address, never both (API.md). A Typeform address pasted as the id gives its id.
 */
export function FromTypeformEditor() {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const [origin, setOrigin] = useState<Origin>(() => (getValues('content.url') ? 'url' : 'formId'));
  const choose = (next: Origin) => {
    setOrigin(next);
    setValue('content', { [next]: '' }, { shouldDirty: true });
  };
  return (
    <>
      <RadioGroup
        row
        value={origin}
        onChange={(_, value) => choose(value as Origin)}
        aria-label={translate('app.parts.fields.typeform')}
      >
        <FormControlLabel value="formId" control={<Radio />} label={translate('app.parts.fields.form_id')} />
        <FormControlLabel value="url" control={<Radio />} label={translate('app.parts.fields.url')} />
      </RadioGroup>
      {origin === 'formId' ? (
        <TextInput
          source="content.formId"
          label="app.parts.fields.form_id"
          helperText="app.parts.help.typeform"
          parse={(text: string) => splitTypeform(text).formId ?? text}
          fullWidth
        />
      ) : (
        <HttpsUrlInput />
      )}
    </>
  );
}
