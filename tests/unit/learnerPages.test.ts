import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  COURSE_LEARNERS_ROUTE,
  courseLearnersPage,
  LEARNER_ROUTE,
  learnerPage,
} from '../../src/custom/learners/learnerPages';

/**
 * The learners' pages: the addresses the mails, the reports and the screens link to open the routes the
 * app declares, a course's learners narrowed as react-admin's lists read a filter.
 */
describe("the learners' pages", () => {
  it('open the routes the app declares', () => {
    expect(matchPath(COURSE_LEARNERS_ROUTE, courseLearnersPage(12))?.params).toEqual({ id: '12' });
    expect(matchPath(LEARNER_ROUTE, learnerPage(7))?.params).toEqual({ userId: '7' });
  });

  it("narrow a course's learners to some states in react-admin's filter", () => {
    const [path, query] = courseLearnersPage(12, ['late', 'at_risk']).split('?');
    expect(path).toBe('/courses/12/learners');
    expect(JSON.parse(new URLSearchParams(query).get('filter')!)).toEqual({ state: ['late', 'at_risk'] });
  });
});
