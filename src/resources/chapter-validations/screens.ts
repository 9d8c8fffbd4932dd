import { screensOf } from '../../custom/crud/screensOf';
import { chapterValidations } from '../../domain/contracts';

/** The standard screens of chapter-validations: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(chapterValidations, {
  fields: [
    { source: 'chapter', column: true, filter: true },
    { source: 'user', column: true, filter: true },
    { source: 'validatedAt', column: true },
    { source: 'validatedBy', column: true },
    // The earlier cycles' validations are the proof of the earlier certifications: a filter finds them.
    { source: 'cycle', column: true, filter: true },
    { source: 'createdAt' },
  ],
});
