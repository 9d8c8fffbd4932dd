import { Box } from '@mui/material';
import { BooleanInput, DateInput, FilterLiveForm, FilterLiveSearch } from 'react-admin';
import { StateFilterChips } from './StateFilterChips';

// A due date is the end of its day in UTC (src/domain/learning.ts): a range of days runs from the first
// one's start to the last one's end, whatever the browser's time zone.
const dayOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : '');
const startOf = (day: string) => (day ? `${day}T00:00:00.000Z` : undefined);
const endOf = (day: string) => (day ? `${day}T23:59:59.999Z` : undefined);

/**
 * Above a course's learners: the search on their name or e-mail, the states (any of), the range of due
 * dates, and whether the unenrolled are shown; each applies as it changes, and all of them are in the
 * page's address (react-admin's `filter`), so that a link can open the list narrowed.
 */
export function LearnersFilters() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <StateFilterChips />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <FilterLiveSearch source="q" label="app.learning.learners.search" sx={{ minWidth: 220 }} />
        <FilterLiveForm>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <DateInput
              source="dueAt.after"
              label="app.learning.learners.due_from"
              format={dayOf}
              parse={startOf}
              helperText={false}
              size="small"
            />
            <DateInput
              source="dueAt.before"
              label="app.learning.learners.due_to"
              format={dayOf}
              parse={endOf}
              helperText={false}
              size="small"
            />
            <BooleanInput
              source="unenrolled"
              label="app.learning.learners.show_unenrolled"
              format={(value: unknown) => value === true || value === 'true'}
              parse={(checked: boolean) => (checked ? true : undefined)}
              helperText={false}
            />
          </Box>
        </FilterLiveForm>
      </Box>
    </Box>
  );
}
