/** The ways to the learning reports from the first page, in English. */
export const learningReportsLinkEn = {
  menu: 'Follow-up',
  funnel: 'Funnel',
  funnel_named: 'Open the funnel of “%{title}”',
};
