import { cloneElement, useId, useMemo, useState, type ReactElement } from 'react';
import { Box, Button, Chip, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import { FilterContext, FilterForm, useListContext, useTranslate, useTranslateLabel } from 'react-admin';

type FilterElement = ReactElement<{ source: string; label?: string; alwaysOn?: boolean }>;

/** A filter's value in the list's filters (`followUpAt.before` is nested under `followUpAt`). */
export function valueAt(values: Record<string, unknown>, source: string): unknown {
  return source
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], values);
}

const applied = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The list's filters without `source` (and without its parent left empty, for a nested one). */
export function without(values: Record<string, unknown>, source: string): Record<string, unknown> {
  const [head, ...rest] = source.split('.');
  const { [head]: value, ...others } = values;
  if (rest.length === 0 || !value || typeof value !== 'object') return others;
  const inner = without(value as Record<string, unknown>, rest.join('.'));
  return Object.keys(inner).length > 0 ? { ...others, [head]: inner } : others;
}

/**
 * A phone's filters: a "Filtres" button (with how many are applied) opening a drawer that holds the list's
 * filter inputs, every one shown at once; the applied ones stay in sight under the toolbar as chips, each
 * removable. The same inputs, in the same list context, as the wide screen's filter form.
 */
export function FilterDrawer({ filters }: { filters: readonly FilterElement[] }) {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const { filterValues, setFilters, displayedFilters, resource, total } = useListContext();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const inputs = useMemo(() => filters.map((filter) => cloneElement(filter, { alwaysOn: true })), [filters]);
  const on = filters.filter((filter) => applied(valueAt(filterValues, filter.props.source)));
  const labelOf = (filter: FilterElement) =>
    translateLabel({ source: filter.props.source, label: filter.props.label, resource });
  const remove = (...sources: string[]) =>
    setFilters(
      sources.reduce((values, source) => without(values, source), filterValues),
      displayedFilters,
    );
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        startIcon={<FilterListIcon />}
        sx={{ mr: 'auto' }}
      >
        {on.length > 0
          ? translate('app.phone_list.filters_count', { smart_count: on.length })
          : translate('app.phone_list.filters')}
      </Button>
      {on.length > 0 && (
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 0.5, width: '100%', order: 1 }}
          aria-label={translate('app.phone_list.applied')}
          role="list"
        >
          {on.map((filter) => (
            <Chip
              key={filter.props.source}
              role="listitem"
              size="small"
              label={labelOf(filter)}
              onDelete={() => remove(filter.props.source)}
              deleteIcon={<CloseIcon aria-label={translate('app.phone_list.remove', { name: labelOf(filter) })} />}
            />
          ))}
        </Stack>
      )}
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { maxHeight: '85vh', borderRadius: '12px 12px 0 0' },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1 }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
            {translate('app.phone_list.filters')}
          </Typography>
          <IconButton onClick={() => setOpen(false)} aria-label={translate('ra.action.close')}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box
          sx={{
            px: 2,
            overflowY: 'auto',
            // One input a line, each the drawer's width.
            '& form': { flexDirection: 'column', alignItems: 'stretch' },
            '& form > div, & .MuiFormControl-root, & .MuiAutocomplete-root, & .MuiInputBase-root': {
              width: '100%',
              minWidth: 0,
            },
          }}
        >
          {/* Its own filters: the list toolbar's context names only those it shows (the search box). */}
          <FilterContext.Provider value={inputs}>
            <FilterForm />
          </FilterContext.Provider>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', px: 2, py: 1.5 }}>
          <Button
            sx={{ flex: 1 }}
            disabled={on.length === 0}
            onClick={() => remove(...on.map((filter) => filter.props.source))}
          >
            {translate('app.phone_list.clear')}
          </Button>
          <Button sx={{ flex: 1 }} variant="contained" onClick={() => setOpen(false)}>
            {translate('app.phone_list.show', { smart_count: total ?? 0 })}
          </Button>
        </Box>
      </Drawer>
    </>
  );
}
