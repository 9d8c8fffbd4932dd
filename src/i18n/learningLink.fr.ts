/**
 * The words of a course's ways to its learners and their enrolment, on its list row, its page and its
 * outline: with the first page, where the learners' screens bring their own (learning.fr.ts).
 */
export const learningLinkFr = {
  learners: 'Apprenants',
  learners_named: 'Voir les apprenants de « %{title} »',
  enrol: 'Inscrire des apprenants',
  enrol_short: 'Inscrire',
  enrol_named: 'Inscrire des apprenants à « %{title} »',
  follow: 'Suivi des formations',
  follow_named: 'Voir le suivi des formations de %{name}',
};
