import type { historyFr } from './history.fr';

/** A record's history and its differences (src/custom/history), under `app.history`. */
export const historyEn: typeof historyFr = {
  list: 'Changes of this item',
  empty: 'No change recorded for this item.',
  load_error: 'The history could not be loaded.',
  more: 'Show older changes',
  entry_title: '%{action} by %{who}',
  nobody: 'the platform',
  current: 'Current version',
  no_field: 'No field changed.',
  no_visible_change: 'No visible difference.',
  empty_value: '(empty)',
  hidden_value: 'Value changed, not kept (a secret).',
  before: 'Before',
  after: 'After',
  same_lines: '… %{smart_count} unchanged line |||| … %{smart_count} unchanged lines',
  restore: 'Restore this version',
  confirm_title: 'Restore this version?',
  confirm_content:
    'The item will take back the values it had after the change of %{when}. This restore will itself be recorded in the history.',
  restored: 'Version restored',
  errors: {
    stale: 'Someone changed this item meanwhile: the history has just been reloaded, check it before restoring.',
    cannot_apply: 'This version can no longer be restored:',
  },
  content_fields: { video_id: 'Video id' },
};
