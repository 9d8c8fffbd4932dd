import type { outlineLinkFr } from './outlineLink.fr';

/** The words of the way to a course's outline in English. */
export const outlineLinkEn: typeof outlineLinkFr = {
  open: 'Course outline',
  open_named: 'Open the outline of the course "%{title}"',
};
