import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

/** Formats a date and time in the interface's language (not the browser's), short. */
export function useFormatDateTime(): (value: string | null | undefined) => string {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    return (value) => {
      if (!value) return '';
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
    };
  }, [locale]);
}
