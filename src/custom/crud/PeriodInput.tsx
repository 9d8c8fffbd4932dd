import { DateInput } from 'react-admin';
import { dayOf, edgeOfDay } from './periodDays';

/**
 * One end of a period filter, picked as a day: its first instant (`…[after]`) or its last (`…[before]`), so
 * that "until the 2nd" keeps the 2nd's rows. On the clock of `timeZone`, the browser's when none.
 */
export function PeriodInput({
  source,
  edge,
  label,
  timeZone,
  alwaysOn,
}: {
  source: string;
  edge: 'start' | 'end';
  label: string;
  timeZone?: string;
  alwaysOn?: boolean;
}) {
  return (
    <DateInput
      source={source}
      alwaysOn={alwaysOn}
      label={label}
      format={(value: unknown) => dayOf(value, timeZone)}
      parse={(day: string) => (day ? edgeOfDay(day, edge, timeZone) : undefined)}
    />
  );
}
