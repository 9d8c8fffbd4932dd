import type { structureDataFr } from './structureData.fr';

/** A structure's data whole, exported or deleted by platform staff, spread under `app` by en.ts. */
export const structureDataEn: typeof structureDataFr = {
  structure_data: {
    export: {
      button: 'Export its data',
      done: 'The structure’s data is exported.',
    },
    delete: {
      button: 'Delete the structure',
      title: 'Delete “%{name}”?',
      content:
        'The structure is deleted for good, with its users (and their sessions), its courses, its tickets and all its files. Export its data first if it must be kept. This cannot be undone.',
      confirm: 'Delete for good',
      done: 'Structure “%{name}” deleted.',
    },
  },
};
