import type { FormHTMLAttributes } from 'react';
import { Box } from '@mui/material';
import { BooleanInput, DateInput, FilterLiveForm, FilterLiveSearch } from 'react-admin';
import { StateFilterChips } from './StateFilterChips';

// A due date is the end of its day in UTC (src/domain/learning.ts): a range of days runs from the first
// one's start to the last one's end, whatever the browser's time zone.
const dayOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : '');
const startOf = (day: string) => (day ? `${day}T00:00:00.000Z` : undefined);
const endOf = (day: string) => (day ? `${day}T23:59:59.999Z` : undefined);

// The dates' form lays its inputs out in the row beside the search, as if it were not there.
function InlineForm(props: Pick<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'>) {
  return <Box component="form" {...props} sx={{ display: 'contents' }} />;
}

// Two dates side by side on a phone, each its own width on a wider screen.
const DATE_WIDTH = { xs: 'calc(50% - 8px)', sm: 190 };

/**
 * Above a course's learners: the states (any of), the search on their name or e-mail, the range of due
 * dates, and whether the unenrolled are shown; each applies as it changes, and all of them are in the
 * page's address (react-admin's `filter`), so that a link can open the list narrowed.
 */
export function LearnersFilters() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <StateFilterChips />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <FilterLiveSearch
          source="q"
          label="app.learning.learners.search"
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        <FilterLiveForm formComponent={InlineForm}>
          <DateInput
            source="dueAt.after"
            label="app.learning.learners.due_from"
            format={dayOf}
            parse={startOf}
            helperText={false}
            size="small"
            fullWidth={false}
            sx={{ width: DATE_WIDTH }}
          />
          <DateInput
            source="dueAt.before"
            label="app.learning.learners.due_to"
            format={dayOf}
            parse={endOf}
            helperText={false}
            size="small"
            fullWidth={false}
            sx={{ width: DATE_WIDTH }}
          />
          <BooleanInput
            source="unenrolled"
            label="app.learning.learners.show_unenrolled"
            format={(value: unknown) => value === true || value === 'true'}
            parse={(checked: boolean) => (checked ? true : undefined)}
            helperText={false}
          />
        </FilterLiveForm>
      </Box>
    </Box>
  );
}
