import type { ReportParams } from '../../domain/learningReports';

/** The periods offered in one click, the first the page opens on. */
export const PERIOD_PRESETS = ['last_30_days', 'quarter', 'year'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface Period {
  /** `YYYY-MM-DD`, both ends included. */
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A day as `YYYY-MM-DD` on the user's own calendar: "today" is theirs, not UTC's. */
export const dayOf = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The period a preset names on `today`: the last 30 days with today, or this quarter or year so far. */
export function presetPeriod(preset: PeriodPreset, today: Date): Period {
  const to = dayOf(today);
  if (preset === 'last_30_days')
    return { from: dayOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)), to };
  if (preset === 'quarter')
    return { from: dayOf(new Date(today.getFullYear(), today.getMonth() - (today.getMonth() % 3), 1)), to };
  return { from: dayOf(new Date(today.getFullYear(), 0, 1)), to };
}

/** The preset a period is, if it is one (else the user chose its ends). */
export function presetOf(period: Period, today: Date): PeriodPreset | undefined {
  return PERIOD_PRESETS.find((preset) => {
    const named = presetPeriod(preset, today);
    return named.from === period.from && named.to === period.to;
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The report's narrowing from the page's address (`?from=&to=&course=`), so that a link, a reload and the
 * browser's back button keep it; the first preset when the address names no period or a malformed one.
 */
export function reportParamsOf(search: URLSearchParams, today: Date): ReportParams & Period {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const period = DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : presetPeriod(PERIOD_PRESETS[0], today);
  const course = Number(search.get('course'));
  return Number.isInteger(course) && course > 0 ? { ...period, course } : period;
}

/** The page's address for a narrowing: what `reportParamsOf` reads back. */
export function searchOfReport({ from, to, course }: ReportParams): URLSearchParams {
  const search = new URLSearchParams();
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  if (course !== undefined) search.set('course', String(course));
  return search;
}
