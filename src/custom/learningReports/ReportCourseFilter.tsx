import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useGetOne, useTranslate } from 'react-admin';
import { searchOf } from '../crud/fieldSpec';
import { useDebounced } from '../useDebounced';

interface CourseChoice {
  id: number;
  title: string;
}

// Typing narrows the courses after a pause, not at every key.
const SEARCH_DELAY_MS = 250;
const CHOICES = 20;

/** The course the figures are narrowed to, searched among the courses the session reads; none: every course. */
export function ReportCourseFilter({ value, onChange }: { value?: number; onChange: (course?: number) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const { data: found = [], isFetching } = useGetList('courses', {
    pagination: { page: 1, perPage: CHOICES },
    sort: { field: 'title', order: 'ASC' },
    filter: searchOf('courses')(search),
  });
  // The chosen course by its name, when the address names it before the search lists it.
  const { data: chosen } = useGetOne('courses', { id: value ?? 0 }, { enabled: value !== undefined });
  const options: CourseChoice[] = found.map((course) => ({ id: Number(course.id), title: String(course.title) }));
  const current = value === undefined ? null : { id: value, title: String(chosen?.title ?? '') };
  return (
    <Autocomplete<CourseChoice>
      options={options}
      value={current}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(option) => option.title}
      filterOptions={(shown) => shown}
      onInputChange={(_, input, reason) => {
        if (reason === 'input') setText(input);
        if (reason === 'clear') setText('');
      }}
      onChange={(_, course) => onChange(course?.id)}
      loading={isFetching}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('app.learning_reports.filters.no_course')}
      sx={{ width: { xs: '100%', sm: 300 } }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={translate('app.learning_reports.filters.course')}
          placeholder={translate('app.learning_reports.filters.all_courses')}
        />
      )}
    />
  );
}
