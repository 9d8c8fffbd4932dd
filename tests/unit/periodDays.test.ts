import { describe, expect, it } from 'vitest';
import { dayOf, edgeOfDay } from '../../src/custom/crud/periodDays';
import { weekPeriod } from '../../src/custom/learningReports/learningLinks';
import { DEFAULT_TIME_ZONE } from '../../src/domain/releases';

describe('a period filter picked as days, on the platform clock', () => {
  it('runs from the first day start to the last day end, across a change to summer time', () => {
    // Paris moves to summer time on Sunday 29 March 2026: that week starts at UTC+1 and ends at UTC+2.
    expect(weekPeriod('2026-03-23')).toEqual({
      after: '2026-03-22T23:00:00.000Z',
      before: '2026-03-29T21:59:59.999Z',
    });
    expect(weekPeriod('2026-11-30')).toEqual({
      after: '2026-11-29T23:00:00.000Z',
      before: '2026-12-06T22:59:59.999Z',
    });
  });

  it('shows each end as the day it was picked on', () => {
    const { after, before } = weekPeriod('2026-03-23');
    expect(dayOf(after, DEFAULT_TIME_ZONE)).toBe('2026-03-23');
    expect(dayOf(before, DEFAULT_TIME_ZONE)).toBe('2026-03-29');
    expect(edgeOfDay('2026-07-14', 'end', DEFAULT_TIME_ZONE)).toBe('2026-07-14T21:59:59.999Z');
  });

  it('takes no day that is not one', () => {
    expect(edgeOfDay('14/07/2026', 'start', DEFAULT_TIME_ZONE)).toBeUndefined();
    expect(dayOf('pas une date', DEFAULT_TIME_ZONE)).toBe('');
  });
});
