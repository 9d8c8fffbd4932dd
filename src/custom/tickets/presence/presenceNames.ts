import { useLocaleState } from 'react-admin';
import type { Presence } from './presenceStore';

/** "Claire Moreau et Paul Roux": names joined as the locale says a list. */
export function usePresenceNames(): (people: readonly Presence[]) => string {
  const [locale] = useLocaleState();
  const format = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
  return (people) => format.format(people.map((person) => person.name));
}
