import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ENROLMENT,
  emailsOf,
  enrolmentRequest,
  refusalsOf,
  type EnrolmentValues,
} from '../../src/custom/enrolment/enrolmentForm';

/**
 * What the enrolment dialog sends: the addresses a pasted list or a CSV holds, the shown tab's audience
 * with the due date chosen, and the server's refusals by the input they name.
 */

const values = (change: Partial<EnrolmentValues>): EnrolmentValues => ({ ...EMPTY_ENROLMENT, ...change });

describe('the addresses of a pasted list or a CSV file', () => {
  it('reads one a line, once each, whatever their case', () => {
    expect(emailsOf('lea@demo.fr\n\n  Paul@Demo.fr \r\nlea@DEMO.fr\npas une adresse')).toEqual([
      'lea@demo.fr',
      'Paul@Demo.fr',
    ]);
  });

  it('reads the column that holds them in a CSV, its header and the other columns dropped', () => {
    const csv = 'Nom;Prénom;"E-mail"\nMartin;Léa;"lea.martin@demo.fr"\nDurand,Paul,paul@demo.fr\tx';
    expect(emailsOf(csv)).toEqual(['lea.martin@demo.fr', 'paul@demo.fr']);
  });
});

describe('the body of a preview and an enrolment', () => {
  it('sends the shown tab only, the others kept in the form', () => {
    const form = values({ kind: 'tags', tags: [3, '4'], users: [7], emails: 'a@b.fr' });
    expect(enrolmentRequest(12, form)).toEqual({ course: '/api/courses/12', audience: { tags: [3, 4] } });
    expect(enrolmentRequest(12, { ...form, kind: 'users' }).audience).toEqual({ users: [7] });
    expect(enrolmentRequest(12, { ...form, kind: 'emails' }).audience).toEqual({ emails: ['a@b.fr'] });
    expect(enrolmentRequest(12, { ...form, kind: 'structure' }).audience).toEqual({ structure: true });
    expect(enrolmentRequest(12, { ...form, kind: 'supervisor', supervisor: '9' }).audience).toEqual({
      supervisor: 9,
    });
  });

  it('sends the due date chosen, a day or a number of days, and the supervisor notice when asked', () => {
    const base = values({ kind: 'structure', dueAt: '2026-06-30', dueDays: 30 });
    expect(enrolmentRequest(1, base).due).toBeUndefined();
    expect(enrolmentRequest(1, { ...base, dueMode: 'at' }).due).toEqual({ at: '2026-06-30' });
    expect(enrolmentRequest(1, { ...base, dueMode: 'days' }).due).toEqual({ days: 30 });
    expect(enrolmentRequest(1, base).remindSupervisor).toBeUndefined();
    expect(enrolmentRequest(1, { ...base, remindSupervisor: true }).remindSupervisor).toBe(true);
  });
});

describe("the server's refusals", () => {
  const refused = (violations: object[]) => new HttpError('ra.message.invalid_form', 422, { violations, errors: {} });
  const known = (key: string) => ['app.validation.range', 'app.learning.violations.dueAt_range'].includes(key);

  it('lands each on the input it names, in the words of that input where it has some, else of its code', () => {
    expect(
      refusalsOf(
        refused([
          { propertyPath: 'due.days', code: 'range', message: 'Out of range.' },
          { propertyPath: 'due.at', code: 'range', message: 'A due date is today or later.' },
          { propertyPath: 'audience.tags[0]', code: 'reference', message: 'No such tag.' },
          { propertyPath: 'audience', code: 'no_structure', message: 'Choose a structure.' },
        ]),
        known,
      ),
    ).toEqual({
      dueDays: 'app.validation.range',
      dueAt: 'app.learning.violations.dueAt_range',
      tags: 'No such tag.',
      audience: 'Choose a structure.',
    });
  });

  it('says a refusal of no input in general, and leaves other failures to the caller', () => {
    expect(refusalsOf(refused([]), known)).toEqual({ general: 'ra.message.invalid_form' });
    expect(refusalsOf(refused([{ propertyPath: 'course', message: 'No such course.' }]), known)).toEqual({
      general: 'No such course.',
    });
    expect(refusalsOf(new HttpError('app.http.forbidden', 403, {}), known)).toBeUndefined();
  });
});
