import { rightsOf } from '../rights';
import { COURSE_STATUSES } from './courses';
import { defineContract } from './types';

export const sheets = defineContract({
  name: 'sheets',
  type: 'Sheet',
  description: 'A sheet of the library, in a folder.',
  fields: {
    title: { kind: 'string', maxLength: 255, required: true },
    content: { kind: 'text' },
    folder: { kind: 'relation', target: 'folders' },
    status: { kind: 'enum', values: COURSE_STATUSES, choiceGroup: 'sheetStatus' },
    tags: { kind: 'relations', target: 'tags' },
    import: { kind: 'relation', target: 'imports', readOnly: true },
  },
  filters: ['folder', 'status'],
  search: true,
  order: ['title', 'status', 'createdAt', 'updatedAt'],
  rights: rightsOf('sheets'),
});
