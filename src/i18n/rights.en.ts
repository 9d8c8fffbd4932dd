/** The rights screen's words (src/custom/rights), spread under `app` by en.ts. */
export const rightsEn = {
  rights: {
    menu: 'Role rights',
    title: 'Role rights of %{structure}',
    title_any: 'Role rights',
    intro:
      'Grant or withdraw what each role of the structure may do, resource by resource. A cell left as it is follows the platform’s default rights.',
    choose_structure: 'Choose a structure in the switcher to see and change its rights.',
    load_error: 'The rights of this structure could not be read.',
    resource: 'Resource',
    role: 'Role',
    own: 'their own',
    changed: 'changed',
    reset: 'Back to the default right: %{cell}',
    cell: '%{role} — %{resource} — %{operation}',
    saved: 'Right saved.',
    save_error: 'The right was not saved: %{reason}',
    operations: {
      list: 'List',
      get: 'Read',
      create: 'Create',
      update: 'Edit',
      delete: 'Delete',
    },
  },
};
