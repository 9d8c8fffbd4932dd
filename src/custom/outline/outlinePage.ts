import type { Identifier } from 'react-admin';

/** The back-office's page of a course's outline editor (App.tsx's route), below the app's basename. */
export const outlinePage = (course: Identifier) => `/courses/${encodeURIComponent(String(course))}/outline`;
