/**
 * The ways to the learning reports from the first page: the menu's « Suivi » and a course's « Entonnoir »
 * (its page and its outline). The reports' own words (learningReports.fr.ts) come with their screens.
 */
export const learningReportsLinkFr = {
  menu: 'Suivi',
  funnel: 'Entonnoir',
  funnel_named: 'Ouvrir l’entonnoir de « %{title} »',
};
