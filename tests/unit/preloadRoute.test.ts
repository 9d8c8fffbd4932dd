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

  it('is the first resource list at the root, and nothing for a page that is no resource', () => {
    expect(screenOf('/')).toBe(resources[0].list);
    expect(screenOf('/account')).toBeUndefined();
  });
});
