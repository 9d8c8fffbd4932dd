/**
 * The words of the learning reports (the "Suivi" figures): the CSV the server writes under these headers,
 * and the screens' tables of the same figures.
 */
export const learningReportFr = {
  course: 'Formation',
  structure: 'Structure',
  enrolled: 'Inscrits',
  started: 'Commencés',
  completed: 'Terminés',
  late: 'En retard',
  atRisk: 'À risque',
  completionRate: 'Taux de complétion (%)',
  week: 'Semaine du',
  total: 'Total',
} as const;
