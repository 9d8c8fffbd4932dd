import { useId, useRef, useState, type RefObject } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Autocomplete, Box, Button, Popover, TextField, type PopperProps } from '@mui/material';
import DomainIcon from '@mui/icons-material/Domain';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { StructureChoice } from '../../providers/structureChoice';
import { useSidePanel } from '../sidePanel';
import { useStructureChoice } from './useSessionStructure';
import { useDebounced } from '../useDebounced';

/** "All structures" among the choices: no structure. */
interface Choice {
  id: number | null;
  name: string;
}

// Typing narrows the list after a pause, not at every key.
const SEARCH_DELAY_MS = 250;

/**
 * The list of choices drawn in the popover itself, in the flow under the search field, rather than floating
 * over the page in a popper of its own: the popover is the dialog, the list its content (MUI's "GitHub's
 * picker").
 */
function InlineList({ className, children }: PopperProps) {
  return (
    <div className={className} style={{ position: 'static' }}>
      {typeof children === 'function' ? null : children}
    </div>
  );
}

/** The search field and the structures, "Toutes les structures" first; Enter or a click chooses. */
interface StructurePickerProps {
  current: StructureChoice | null;
  onChoose: (choice: StructureChoice | null) => void;
  onCancel: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

function StructurePicker({ current, onChoose, onCancel, inputRef }: StructurePickerProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const { data, isFetching } = useQuery({
    queryKey: ['structureChoices', search],
    queryFn: ({ signal }) => dataProvider.getStructureChoices({ q: search || undefined, signal }),
    placeholderData: keepPreviousData,
  });
  const all: Choice = { id: null, name: translate('app.tenancy.all_structures') };
  const found: Choice[] = (data?.data ?? []).map(({ id, name }) => ({ id: Number(id), name: String(name) }));
  const options = search ? found : [all, ...found];
  const total = data?.total ?? 0;
  return (
    <Autocomplete<Choice, false, true, false>
      open
      autoHighlight
      // Always open, and a structure is always chosen: neither the popup button nor the clear button means anything.
      disableClearable
      forcePopupIcon={false}
      options={options}
      value={current ?? all}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id ?? 'all'}
      filterOptions={(shown) => shown}
      inputValue={text}
      onInputChange={(_, value, reason) => {
        if (reason === 'input') setText(value);
      }}
      onChange={(_, choice) => onChoose(choice.id === null ? null : { id: choice.id, name: choice.name })}
      onClose={(_, reason) => {
        // The list is always open in the popover: Escape closes the popover itself.
        if (reason === 'escape') onCancel();
      }}
      loading={isFetching && !data}
      loadingText={translate('app.tenancy.switcher.loading')}
      noOptionsText={translate('app.tenancy.switcher.none')}
      slots={{ popper: InlineList }}
      slotProps={{ paper: { elevation: 0, sx: { m: 0 } }, listbox: { sx: { maxHeight: 320 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          size="small"
          label={translate('app.tenancy.switcher.search')}
          helperText={total > found.length ? translate('app.tenancy.switcher.more', { smart_count: total }) : undefined}
        />
      )}
    />
  );
}

/**
 * Platform staff's structure switcher, in the app bar: "Toutes les structures" or one structure, searched
 * among all of them. The choice is kept in react-admin's store (a reload keeps it) and sent by the http
 * client as `X-Structure` on every call; on a change, every query is reset, so every list and record on
 * screen is asked for again in the new structure, and the side panel, which showed a record of the
 * former one, is emptied.
 */
export function StructureSwitcher() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { clear } = useSidePanel();
  const [choice, setChoice] = useStructureChoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dialogId = useId();
  const searchField = useRef<HTMLInputElement>(null);
  const name = choice?.name ?? translate('app.tenancy.all_structures');

  const choose = (next: StructureChoice | null) => {
    setAnchor(null);
    if ((next?.id ?? null) === (choice?.id ?? null)) return;
    setChoice(next);
    clear();
    void queryClient.resetQueries();
    notify('app.tenancy.switcher.switched', {
      type: 'info',
      messageArgs: { name: next?.name ?? translate('app.tenancy.all_structures') },
    });
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<DomainIcon />}
        aria-label={translate('app.tenancy.switcher.button', { name })}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? dialogId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0, maxWidth: { xs: 120, sm: 240 }, flexShrink: 1 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Box>
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            id: dialogId,
            role: 'dialog',
            'aria-label': translate('app.tenancy.switcher.dialog'),
            sx: { p: 1.5, width: 'min(360px, calc(100vw - 32px))' },
          } as object,
          // Once open, the search field has the focus: typing searches at once, the arrows go through the list.
          transition: { onEntered: () => searchField.current?.focus() },
        }}
      >
        <StructurePicker current={choice} onChoose={choose} onCancel={() => setAnchor(null)} inputRef={searchField} />
      </Popover>
    </>
  );
}
