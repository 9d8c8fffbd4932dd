import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

export interface FigureFormat {
  /** A count, grouped as the user's language writes it. */
  count: (value: number) => string;
  /** A share in percent, to a tenth at most: "66,7 %" in French. */
  percent: (value: number) => string;
  /** A day of the year, short: "6 janv." */
  day: (iso: string) => string;
  /** A time of day, hours and minutes. */
  time: (iso: string) => string;
}

/** How the reports write their figures, in the user's language. */
export function useFigureFormat(): FigureFormat {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
    return {
      count: (value) => count.format(value),
      percent: (value) => percent.format(value / 100),
      // A week's Monday is a calendar day: read at noon, no time zone moves it to the day before.
      day: (iso) => day.format(new Date(iso.length === 10 ? `${iso}T12:00:00` : iso)),
      time: (iso) => time.format(new Date(iso)),
    };
  }, [locale]);
}
