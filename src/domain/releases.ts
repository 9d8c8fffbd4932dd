/**
 * Release dates: a module, a chapter or a part of a course may wait for a date before learners get it. Until
 * then the learner's views (the course's menu, a chapter as displayed, answering a part) leave it out as if it
 * did not exist yet, and a node inside an unreleased one is unreleased too; authors see and edit it all along.
 * The server derives its SQL from these declarations (server/resources/releases.ts).
 */

/** The field holding a node's release date (none: released at once), on each level that has one. */
export const RELEASE_FIELD = 'releaseAt';

/**
 * The levels of a course's tree that take a release date, outermost first, each with the field naming the
 * level that contains it (a module's course has no release date of its own: publishing is its gate).
 */
export const RELEASE_LEVELS = [
  { resource: 'modules', container: null },
  { resource: 'chapters', container: { field: 'module', resource: 'modules' } },
  { resource: 'chapter-parts', container: { field: 'chapter', resource: 'chapters' } },
] as const;
export type ReleaseResource = (typeof RELEASE_LEVELS)[number]['resource'];

/** The time zone of a structure that named none, and of the catalogue's courses. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';
/** Longest IANA name accepted (the longest PostgreSQL knows has 32 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

/** Whether a node's own date still lies ahead: what the outline marks "Programmé". */
export function isScheduled(releaseAt: string | null | undefined, now: Date = new Date()): boolean {
  return Boolean(releaseAt) && new Date(releaseAt as string).getTime() > now.getTime();
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` input's value (`2026-12-03T09:00`), read on the clock of `timeZone`. */
export function toZonedInput(iso: string, timeZone: string): string {
  const clock = wallClock(new Date(iso), timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * A `datetime-local` value read on the clock of `timeZone`, as an ISO instant; undefined when it is no
 * date. A time skipped by a change to summer time is read as the hour after.
 */
export function fromZonedInput(local: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at that moment, found from the clock it shows; twice, across a change of offset.
  let instant = asUtc;
  for (let step = 0; step < 2; step++) {
    const clock = wallClock(new Date(instant), timeZone);
    const shown = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
    instant = asUtc - (shown - instant);
  }
  return new Date(instant).toISOString();
}

/** A release date as the back-office says it: « le 3 décembre 2026 à 09:00 », on the structure's clock. */
export function formatReleaseDate(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  const clock = wallClock(instant, timeZone);
  const month = new Intl.DateTimeFormat('fr-FR', { timeZone, month: 'long' }).format(instant);
  // French writes the first of the month as an ordinal: « le 1er mars ».
  const day = clock.day === 1 ? '1er' : String(clock.day);
  return `le ${day} ${month} ${clock.year} à ${pad(clock.hour)}:${pad(clock.minute)}`;
}
