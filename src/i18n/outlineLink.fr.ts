/**
 * The words of the way to a course's outline, on each row of the courses list: with the first page, where
 * the editor's own words (outline.fr.ts) come with the editor.
 */
export const outlineLinkFr = {
  open: 'Plan du cours',
  open_named: 'Ouvrir le plan du cours « %{title} »',
};
