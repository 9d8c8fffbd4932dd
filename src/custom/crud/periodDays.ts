import { fromZonedInput, toZonedInput } from '../../domain/releases';

const pad = (number: number) => String(number).padStart(2, '0');

/** The calendar day (`2026-03-02`) of an instant, on the clock of `timeZone` (the browser's when none). */
export function dayOf(value: unknown, timeZone?: string): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone) return toZonedInput(date.toISOString(), timeZone).slice(0, 10);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first instant of a day (`start`) or its last (`end`), on the clock of `timeZone` (the browser's when none). */
export function edgeOfDay(day: string, edge: 'start' | 'end', timeZone?: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  if (!timeZone) return new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`).toISOString();
  if (edge === 'start') return fromZonedInput(`${day}T00:00`, timeZone);
  // The next day's first instant, less one millisecond: a day is not always 24 hours long on a clock.
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const start = fromZonedInput(`${next.toISOString().slice(0, 10)}T00:00`, timeZone);
  return start && new Date(new Date(start).getTime() - 1).toISOString();
}
