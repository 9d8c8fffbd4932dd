import { createElement } from 'react';
import { NullableBooleanInput } from 'react-admin';
import { screensOf } from '../../custom/crud/screensOf';
import { courses } from '../../domain/contracts';
import { lazyComponent } from '../../custom/lazyComponent';
import { CourseActions } from '../../custom/outline/CourseActions';
import { ImportCourseButton } from '../../custom/courseTransfer/ImportCourseButton';
import { CourseShowActions } from './CourseShowActions';

// Loaded with the form only: the list reads this declaration too and needs no upload input.
const CourseCoverInput = lazyComponent<{ source: string }>(() =>
  import('../../custom/library/DocumentReferenceInput').then((module) => module.CourseCoverInput),
);

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
  showActions: CourseShowActions,
  // The published courses whose draft differs from what learners have (the API's `unpublishedChanges`).
  extraFilters: [createElement(NullableBooleanInput, { key: 'unpublishedChanges', source: 'unpublishedChanges' })],
  // A course exported elsewhere comes in as a new course of its own.
  listHeader: ImportCourseButton,
});
