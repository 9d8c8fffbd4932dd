import { useEffect, useState } from 'react';
import { Box, Button, IconButton } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { sessionStore } from '../../providers/sessionStore';
import { lazyComponent } from '../lazyComponent';

// The dialog's code loads when someone searches.
const SearchDialog = lazyComponent(() => import('./SearchDialog').then((module) => module.SearchDialog));

/** Ctrl+K, or ⌘K on a Mac: the shortcut most web apps give their search. */
const isSearchShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

/** How long a press made before the app bar's button is on screen still opens the search once it is. */
const EARLY_PRESS_MS = 3000;

const openers = new Set<() => void>();
let earlyPress: number | undefined;

/**
 * The shortcut is heard from the moment this module loads, not from the button's mount: the app bar's menus
 * come a frame after the first page (useAfterFirstPaint), and a press right after signing in, before them,
 * was lost to the browser's own Ctrl+K. A press with no button yet is kept a moment, for the button to take.
 */
function onShortcut(event: KeyboardEvent) {
  if (!isSearchShortcut(event) || !sessionStore.getToken()) return;
  event.preventDefault();
  if (openers.size === 0) earlyPress = Date.now();
  for (const open of openers) open();
}
if (typeof document !== 'undefined') document.addEventListener('keydown', onShortcut);

/**
 * The app bar's search: a button that reads as a search field on a wide screen, an icon on a phone, and the
 * Ctrl+K / ⌘K shortcut from anywhere; both open the search dialog.
 */
export function SearchButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    openers.add(show);
    if (earlyPress !== undefined && Date.now() - earlyPress < EARLY_PRESS_MS) show();
    earlyPress = undefined;
    return () => void openers.delete(show);
  }, []);
  const show = () => setOpen(true);
  return (
    <>
      <Button
        color="inherit"
        onClick={show}
        onMouseEnter={() => void SearchDialog.preload()}
        startIcon={<SearchIcon />}
        // Named by its visible words ("Rechercher Ctrl K"): a different name would not be what a voice
        // user reads on it.
        aria-keyshortcuts="Control+K Meta+K"
        sx={{
          display: { xs: 'none', md: 'inline-flex' },
          mr: 1,
          px: 1.5,
          textTransform: 'none',
          border: 1,
          borderColor: 'rgba(255, 255, 255, 0.5)',
          whiteSpace: 'nowrap',
        }}
      >
        {translate('app.search.button')}
        <Box component="kbd" sx={{ ml: 1.5, fontFamily: 'inherit', fontSize: '0.75rem', opacity: 0.9 }}>
          Ctrl K
        </Box>
      </Button>
      <IconButton
        color="inherit"
        onClick={show}
        aria-label={translate('app.search.shortcut')}
        aria-keyshortcuts="Control+K Meta+K"
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <SearchIcon />
      </IconButton>
      {open && <SearchDialog onClose={() => setOpen(false)} />}
    </>
  );
}
