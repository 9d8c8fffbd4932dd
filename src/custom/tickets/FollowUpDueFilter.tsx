import { BooleanInput } from 'react-admin';

/** The end of today in the browser's time zone: "due today" is anything up to then (overdue included). */
function endOfToday(): string {
  const end = new Date();
  end.setHours(23, 59, 59, 999);
  return end.toISOString();
}

/**
 * The tickets list's "À relancer aujourd'hui" filter: a switch that asks for the tickets whose follow-up
 * date is today or already past (`followUpAt[before]=<end of today>`).
 */
export function FollowUpDueFilter(props: { source: string; alwaysOn?: boolean; label?: string }) {
  return (
    <BooleanInput
      {...props}
      format={(value: unknown) => Boolean(value)}
      parse={(checked: boolean) => (checked ? endOfToday() : undefined)}
    />
  );
}
