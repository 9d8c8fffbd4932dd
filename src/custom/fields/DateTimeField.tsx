import { DateField, useLocaleState, type DateFieldProps } from 'react-admin';

const FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/** A date and time written in the interface's language, not the browser's. */
export function DateTimeField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <DateField showTime locales={locale} options={FORMAT} {...props} />;
}
