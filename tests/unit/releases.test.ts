import { describe, expect, it } from 'vitest';
import { formatReleaseDate, fromZonedInput, isScheduled, toZonedInput } from '../../src/domain/releases.ts';

/** Release dates read and written on a structure's clock, and said in French. */
describe('release dates on a structure’s clock', () => {
  it('says a date in French, the first of the month as an ordinal', () => {
    expect(formatReleaseDate('2026-12-03T08:00:00Z', 'Europe/Paris')).toBe('le 3 décembre 2026 à 09:00');
    expect(formatReleaseDate('2027-03-01T07:05:00Z', 'Europe/Paris')).toBe('le 1er mars 2027 à 08:05');
    expect(formatReleaseDate('2026-12-03T08:00:00Z', 'America/New_York')).toBe('le 3 décembre 2026 à 03:00');
  });

  it('turns a date-time field into an instant and back, in winter and in summer', () => {
    expect(fromZonedInput('2026-12-03T09:00', 'Europe/Paris')).toBe('2026-12-03T08:00:00.000Z');
    expect(fromZonedInput('2026-07-01T09:00', 'Europe/Paris')).toBe('2026-07-01T07:00:00.000Z');
    expect(fromZonedInput('2026-12-03T09:00', 'Asia/Kolkata')).toBe('2026-12-03T03:30:00.000Z');
    expect(toZonedInput('2026-07-01T07:00:00.000Z', 'Europe/Paris')).toBe('2026-07-01T09:00');
    expect(fromZonedInput('demain', 'Europe/Paris')).toBeUndefined();
  });

  it('reads an hour skipped by the change to summer time as the hour after', () => {
    expect(fromZonedInput('2026-03-29T02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('marks as scheduled only a date still ahead', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(isScheduled('2026-06-02T00:00:00Z', now)).toBe(true);
    expect(isScheduled('2026-05-31T00:00:00Z', now)).toBe(false);
    expect(isScheduled(null, now)).toBe(false);
  });
});
