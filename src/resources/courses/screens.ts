import { createElement } from 'react';
import { LazyNullableBooleanInput } from '../../custom/crud/lazyInputs';
import { screensOf } from '../../custom/crud/screensOf';
import { courses } from '../../domain/contracts';
import { lazyComponent } from '../../custom/lazyComponent';
import { CourseActions } from '../../custom/outline/CourseActions';
import { outlinePage } from '../../custom/outline/outlinePage';
import { ImportCourseButton } from '../../custom/courseTransfer/ImportCourseButton';

// Loaded with the form only: the list reads this declaration too and needs no upload input.
const CourseCoverInput = lazyComponent<{ source: string }>(() =>
  import('../../custom/library/DocumentReferenceInput').then((module) => module.CourseCoverInput),
);
// Loaded with the course's page: the list needs no export or new-session buttons.
const CourseShowActions = lazyComponent(() => import('./CourseShowActions').then((module) => module.CourseShowActions));

/** The standard screens of courses: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(courses, {
  fields: [
    { source: 'title', column: true },
    { source: 'description' },
    { source: 'language' },
    { source: 'status', column: true, filter: 'alwaysOn' },
    { source: 'publishedAt', column: true },
    { source: 'isTemplate', column: true, filter: true },
    { source: 'cover', editor: CourseCoverInput },
    { source: 'modules' },
    { source: 'skills', filter: true },
    { source: 'tags', filter: true },
    { source: 'createdAt' },
    { source: 'updatedAt', column: true },
  ],
  // Each course opens its outline editor (/courses/:id/outline); a catalogue course read from
  // inside a structure is copied into it to be changed.
  rowActions: CourseActions,
  // A new course is built in its outline: that is where its creation lands.
  createdPage: outlinePage,
  showActions: CourseShowActions,
  // The published courses whose draft differs from what learners have (the API's `unpublishedChanges`).
  extraFilters: [createElement(LazyNullableBooleanInput, { key: 'unpublishedChanges', source: 'unpublishedChanges' })],
  // A course exported elsewhere comes in as a new course of its own.
  listHeader: ImportCourseButton,
});
