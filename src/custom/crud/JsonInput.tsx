import { TextInput, useTranslate, type Validator } from 'react-admin';

/** What the user typed, kept as text while it is not JSON yet, so that nothing they typed is lost. */
class UnparsedJson {
  constructor(readonly text: string) {}
}

const format = (value: unknown) => {
  if (value instanceof UnparsedJson) return value.text;
  return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
};

const parse = (text: string) => {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return new UnparsedJson(text);
  }
};

/** A JSON value (a chapter part's content) edited as text; richer editors come with their own screens. */
export function JsonInput({ source, required }: { source: string; required?: boolean }) {
  const translate = useTranslate();
  const validJson: Validator = (value) =>
    value instanceof UnparsedJson ? translate('app.validation.json') : undefined;
  const present: Validator = (value) =>
    required && (value === null || value === undefined) ? 'ra.validation.required' : undefined;
  return (
    <TextInput
      source={source}
      multiline
      minRows={4}
      format={format}
      parse={parse}
      validate={[present, validJson]}
      sx={{ fontFamily: 'monospace' }}
    />
  );
}
