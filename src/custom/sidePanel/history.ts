import type { Identifier } from 'react-admin';

/** The side block keeps at most 10 entries: enough to walk back through, little to keep in localStorage. */
export const MAX_HISTORY = 10;

export interface SideEntry {
  resource: string;
  id: Identifier;
}

/**
 * Opening an object: an object of a history-enabled type replaces a
 * trailing entry of the same type (moving from one ticket to the next keeps one entry); otherwise it is
 * appended. The oldest entries go beyond MAX_HISTORY.
 */
export function openEntry(
  history: readonly SideEntry[],
  entry: SideEntry,
  historyEnabled: (resource: string) => boolean,
): SideEntry[] {
  const last = history.at(-1);
  const base =
    last && historyEnabled(entry.resource) && last.resource === entry.resource ? history.slice(0, -1) : history;
  return [...base, entry].slice(-MAX_HISTORY);
}

/** Closing pops the last entry; the previous one, if any, is shown again. */
export const closeEntry = (history: readonly SideEntry[]): SideEntry[] => history.slice(0, -1);

function isEntry(value: unknown): value is SideEntry {
  const entry = value as SideEntry | null;
  return typeof entry?.resource === 'string' && (typeof entry.id === 'number' || typeof entry.id === 'string');
}

/** The history as kept in localStorage; anything unreadable counts as empty rather than breaking the page. */
export function parseHistory(text: string | null): SideEntry[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isEntry).slice(-MAX_HISTORY) : [];
  } catch {
    return [];
  }
}
