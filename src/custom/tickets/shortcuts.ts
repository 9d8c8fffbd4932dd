import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/**
 * The support desk's keyboard shortcuts, one table: the help dialog (`?`) lists it and the handlers read
 * their keys from it. Single keys act only outside a text field; the sending keys act inside the reply box.
 * Named keys (Ctrl, Shift, Enter) are shown in the interface's words by the help dialog.
 */
export const TICKET_SHORTCUTS = {
  next: { keys: ['j'], label: 'app.tickets.shortcuts.next' },
  previous: { keys: ['k'], label: 'app.tickets.shortcuts.previous' },
  assignToMe: { keys: ['m'], label: 'app.tickets.shortcuts.assign_to_me' },
  focusReply: { keys: ['r'], label: 'app.tickets.shortcuts.focus_reply' },
  sendWaiting: { keys: ['Ctrl', 'Enter'], label: 'app.tickets.shortcuts.send_waiting' },
  sendTreated: { keys: ['Ctrl', 'Shift', 'Enter'], label: 'app.tickets.shortcuts.send_treated' },
  cannedReply: { keys: ['/'], label: 'app.tickets.shortcuts.canned_reply' },
  help: { keys: ['?'], label: 'app.tickets.shortcuts.help' },
} as const;

export type TicketShortcut = keyof typeof TICKET_SHORTCUTS;

/** Whether a key press is meant for a field, a dialog or the browser rather than a shortcut. */
export function isForAField(event: KeyboardEvent | ReactKeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.closest !== 'function') return false;
  return Boolean(
    target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"]'),
  );
}

/** The single-key shortcut a key press is, if any. */
export function shortcutOf(event: KeyboardEvent): TicketShortcut | undefined {
  if (isForAField(event)) return undefined;
  const single = (Object.keys(TICKET_SHORTCUTS) as TicketShortcut[]).find((name) => {
    const keys: readonly string[] = TICKET_SHORTCUTS[name].keys;
    return keys.length === 1 && keys[0] === event.key;
  });
  return single === 'cannedReply' ? undefined : single;
}
