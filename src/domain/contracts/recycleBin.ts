import { BINNABLE_NAMES, RECYCLE_BIN } from '../recycleBin';
import { rightsOf } from '../rights';
import { defineContract } from './types';

export const recycleBin = defineContract({
  name: RECYCLE_BIN,
  type: 'RecycleBinItem',
  description:
    'A deleted record kept with what it contained until it expires: restored whole, or erased for good (docs/API.md, "Recycle bin").',
  fields: {
    resource: { kind: 'enum', values: BINNABLE_NAMES, choiceGroup: 'binnedResource', readOnly: true },
    recordId: { kind: 'integer', readOnly: true },
    label: { kind: 'string', readOnly: true },
    deletedAt: { kind: 'datetime', readOnly: true },
    deletedBy: { kind: 'relation', target: 'users', readOnly: true },
    deletedByName: { kind: 'string', readOnly: true },
    expiresAt: { kind: 'datetime', readOnly: true },
    // How many rows of each resource came with it: `{"modules": 3, "chapters": 12}`.
    contents: { kind: 'json', readOnly: true },
  },
  filters: ['resource'],
  order: ['deletedAt', 'expiresAt'],
  defaultOrder: [['deletedAt', 'desc']],
  rights: rightsOf(RECYCLE_BIN),
  operations: ['list', 'get'],
});
