import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { useDataProvider, useTranslate } from 'react-admin';
import { SEARCH_QUERY_MAX_LENGTH, searchWords } from '../../domain/search';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useSidePanel } from '../sidePanel';
import { useDebounced } from '../useDebounced';

// Typing asks the server after a pause, not at every key.
const SEARCH_DELAY_MS = 200;

interface Option {
  resource: string;
  id: number;
  label: string;
}

/**
 * Search everywhere: a field and the records found, grouped by kind, best first. Arrows move through the
 * results (the field keeps the focus, the active result is its `aria-activedescendant`), Enter or a click
 * opens the record in the side panel, beside the page the user is on.
 */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { open } = useSidePanel();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const searching = searchWords(query).length > 0;
  const { data, isFetching, isError } = useQuery({
    queryKey: ['search', query],
    queryFn: ({ signal }) => dataProvider.search(query, signal),
    enabled: searching,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const groups = useMemo(() => (searching && data ? data.groups : []), [searching, data]);
  const options = useMemo<Option[]>(
    () => groups.flatMap((group) => group.hits.map((hit) => ({ resource: group.resource, ...hit }))),
    [groups],
  );
  const ids = useId();
  const optionId = (index: number) => `${ids}-option-${index}`;
  const listId = `${ids}-results`;
  const current = Math.min(active, options.length - 1);
  const pending = searching && (isFetching || text.trim() !== query);

  const choose = (option: Option | undefined) => {
    if (!option) return;
    onClose();
    open({ resource: option.resource, id: option.id });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[current]);
    }
  };

  let index = 0;
  const labelOf = (option: Option) => option.label.trim() || translate('app.search.untitled', { id: option.id });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${ids}-title`}>
      <DialogTitle id={`${ids}-title`} sx={{ pr: 6 }}>
        {translate('app.search.dialog')}
        <IconButton
          aria-label={translate('app.search.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
        <TextField
          autoFocus
          fullWidth
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          label={translate('app.search.input')}
          helperText={translate('app.search.hint')}
          slotProps={{
            htmlInput: {
              maxLength: SEARCH_QUERY_MAX_LENGTH,
              role: 'combobox',
              'aria-expanded': options.length > 0,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': options.length > 0 ? optionId(current) : undefined,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ mt: 1 }}
        />
        <Box sx={{ height: 4, my: 1 }}>{pending && <LinearProgress aria-hidden />}</Box>
        <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
          {pending
            ? translate('app.search.loading')
            : isError && searching
              ? translate('app.search.error')
              : searching && data && groups.length === 0
                ? translate('app.search.empty')
                : ''}
        </Typography>
        <Box id={listId} role="listbox" aria-label={translate('app.search.results')} sx={{ pb: 1 }}>
          {groups.map((group) => {
            const headingId = `${ids}-${group.resource}`;
            return (
              <Box key={group.resource} role="group" aria-labelledby={headingId} sx={{ mb: 1.5 }}>
                <Typography
                  id={headingId}
                  role="presentation"
                  variant="overline"
                  component="div"
                  color="text.secondary"
                >
                  {translate(`resources.${group.resource}.name`, { smart_count: 2 })}
                </Typography>
                {group.hits.map((hit) => {
                  const option = { resource: group.resource, ...hit };
                  const at = index++;
                  const selected = at === current;
                  return (
                    <Box
                      key={hit.id}
                      id={optionId(at)}
                      role="option"
                      aria-selected={selected}
                      onMouseEnter={() => setActive(at)}
                      onClick={() => choose(option)}
                      sx={{
                        px: 1.5,
                        py: 1,
                        borderRadius: 1,
                        cursor: 'pointer',
                        overflowWrap: 'anywhere',
                        bgcolor: selected ? 'action.selected' : undefined,
                      }}
                    >
                      {labelOf(option)}
                    </Box>
                  );
                })}
                {group.more && (
                  <Typography variant="caption" color="text.secondary" sx={{ px: 1.5 }}>
                    {translate('app.search.more')}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
