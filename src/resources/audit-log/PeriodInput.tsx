import { DateInput } from 'react-admin';

/** A local calendar day (`2026-03-02`) of an instant, in the browser's time zone. */
function dayOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (number: number) => String(number).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * One end of the journal's period, picked as a day: its first instant (`at[after]`) or its last
 * (`at[before]`) in the browser's time zone, so that "until the 2nd" keeps the 2nd's entries.
 */
export function PeriodInput({ source, edge, alwaysOn }: { source: string; edge: 'start' | 'end'; alwaysOn?: boolean }) {
  return (
    <DateInput
      source={source}
      alwaysOn={alwaysOn}
      label={edge === 'start' ? 'resources.audit-log.period_from' : 'resources.audit-log.period_to'}
      format={dayOf}
      parse={(day: string) =>
        day ? new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`).toISOString() : undefined
      }
    />
  );
}
