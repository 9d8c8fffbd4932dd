import type { ScreensConfig } from '../../custom/crud/fieldSpec';
import { lazyComponent } from '../../custom/lazyComponent';
import { OpenOutlineButton } from '../../custom/outline/OpenOutlineButton';

// Loaded with the form only: the list reads this declaration too and needs no upload input.
const CourseCoverInput = lazyComponent<{ source: string }>(() =>
  import('../../custom/library/DocumentReferenceInput').then((module) => module.CourseCoverInput),
);

/** The standard screens of courses: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'title', kind: 'text', required: true, maxLength: 255, column: true, sortable: true },
    { source: 'description', kind: 'longText' },
    { source: 'language', kind: 'reference', reference: 'languages' },
    { source: 'status', kind: 'enum', choices: ['draft', 'published'], choiceGroup: 'courseStatus', column: true, sortable: true, filter: 'alwaysOn' },
    { source: 'publishedAt', kind: 'date', column: true, sortable: true, readOnly: true },
    { source: 'isTemplate', kind: 'boolean', column: true, sortable: true, filter: true },
    { source: 'cover', kind: 'reference', reference: 'documents', editor: CourseCoverInput },
    { source: 'modules', kind: 'references', reference: 'modules', readOnly: true },
    { source: 'skills', kind: 'references', reference: 'skills', filter: true },
    { source: 'tags', kind: 'references', reference: 'tags', filter: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
    { source: 'updatedAt', kind: 'date', column: true, sortable: true, readOnly: true },
  ],
  search: true,
  create: true,
  edit: true,
  delete: true,
  // Issue 13: each course opens its outline editor (/courses/:id/outline).
  rowActions: OpenOutlineButton,
};
