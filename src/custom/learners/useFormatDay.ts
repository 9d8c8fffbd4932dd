import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

/**
 * A due date as the day it is, in the interface's language: a due date is the end of its day in UTC
 * (src/domain/learning.ts), which read in Paris would already be the next day.
 */
export function useFormatDay(): (value: string | null | undefined) => string {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    return (value) => {
      if (!value) return '';
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
    };
  }, [locale]);
}
