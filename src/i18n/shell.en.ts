import type { shellFr } from './shell.fr';

/** The shell's own words in English, key for key with the French. */
export const shellEn: typeof shellFr = {
  side_panel: {
    close: 'Close the panel',
    close_above: 'Close this block',
    edit: 'Edit',
    clear: 'Clear the panel’s history',
    no_details: 'This kind of object has no detail view.',
    tabs: { infos: 'Details', agenda: 'Agenda', notes: 'Notes', notifications: 'Notifications', history: 'History' },
  },
  snackbar: {
    undo: 'Undo',
    close: 'Click to dismiss',
  },
};
