import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'onChange' | 'value' | 'name'> & {
  value: string;
  onChange: (value: string) => void;
};

/** The account's e-mail address, the first field of every public sign-in step. */
export function EmailField({ value, onChange, autoComplete = 'email', ...props }: EmailFieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      name="email"
      type="email"
      label={translate('ra.auth.email')}
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      autoFocus
      fullWidth
      {...props}
    />
  );
}
