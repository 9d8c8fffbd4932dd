import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

export type SizeUnit = 'B' | 'KB' | 'MB' | 'GB';

/** A size as people read it: the unit that keeps the number under 1024, one decimal below 10. */
export function sizeParts(bytes: number): { n: number; unit: SizeUnit } {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1024 && index < units.length - 1) {
    value /= 1024;
    index++;
  }
  const n = index === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return { n, unit: units[index] };
}

/**
 * Sizes in the session's language, the one way every screen writes them: `size` in octets, Ko, Mo or Go
 * (bytes, KB, MB, GB in English) with the locale's digits ("1,5 Ko", "1 023 Ko"); `exact`, the count of bytes.
 */
export function useFormatSize() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const inUnit = useCallback(
    (n: number, unit: SizeUnit) =>
      translate(`app.library.size.${unit}`, { smart_count: n, n: new Intl.NumberFormat(locale).format(n) }),
    [translate, locale],
  );
  return {
    size: useCallback(
      (bytes: number) => {
        const { n, unit } = sizeParts(bytes);
        return inUnit(n, unit);
      },
      [inUnit],
    ),
    exact: useCallback((bytes: number) => inUnit(Math.max(0, bytes), 'B'), [inUnit]),
  };
}
