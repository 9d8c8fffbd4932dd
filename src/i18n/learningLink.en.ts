import type { learningLinkFr } from './learningLink.fr';

export const learningLinkEn: typeof learningLinkFr = {
  learners: 'Learners',
  learners_named: 'See the learners of “%{title}”',
  enrol: 'Enrol learners',
  enrol_short: 'Enrol',
  enrol_named: 'Enrol learners in “%{title}”',
  follow: 'Course follow-up',
  follow_named: 'See the course follow-up of %{name}',
};
