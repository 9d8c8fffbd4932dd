import { describe, expect, it } from 'vitest';
import { screenOf } from '../../src/preloadRoute';
import { resources } from '../../src/resources';

const courses = resources.find((resource) => resource.name === 'courses')!;

describe('the screen a route opens on', () => {
  it('is the list, the create form, the show view or the edit form of its resource', () => {
    expect(screenOf('/courses')).toBe(courses.list);
    expect(screenOf('/courses/create')).toBe(courses.create);
    expect(screenOf('/courses/12/show')).toBe(courses.show);
    expect(screenOf('/courses/12')).toBe(courses.edit);
  });

  it('is nothing for a page that is no resource: the home page at the root, the account page', () => {
    expect(screenOf('/')).toBeUndefined();
    expect(screenOf('/account')).toBeUndefined();
    // A record's own pages beyond react-admin's: not its edit form.
    expect(screenOf('/courses/12/learners')).toBeUndefined();
  });
});
