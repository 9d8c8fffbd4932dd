/** The import of a CSV file into a list (users, tags, skills), spread under `app` by en.ts. */
export const csvImportEn = {
  csv_import: {
    button: 'Import',
    title: 'Import %{name}',
    intro:
      'Choose a CSV file (separated by semicolons or commas, saved as UTF-8) whose first line names the columns. Every row is checked before the import: all of it is imported, or nothing.',
    choose: 'Choose a CSV file',
    choose_again: 'Choose another file',
    choose_structure: 'First choose a structure in the top bar: the imported %{name} are added to it.',
    none: 'No file chosen.',
    chosen: 'File: %{name}',
    ignored: 'Columns ignored: %{columns}',
    ready: '%{smart_count} row ready to import. |||| %{smart_count} rows ready to import.',
    refused:
      '%{smart_count} row of %{total} needs fixing: fix the file, then choose it again. |||| %{smart_count} rows of %{total} need fixing: fix the file, then choose it again.',
    line: 'Line %{line}:',
    preview: 'Preview of the file’s rows',
    line_column: 'Line',
    problems_column: 'Problems',
    row_ok: 'Ready',
    submit: 'Import',
    importing: 'Importing…',
    done: '%{smart_count} row imported (%{invited} invitation sent). |||| %{smart_count} rows imported (%{invited} invitations sent).',
    not_invited:
      '%{smart_count} invitation could not be sent: send it again from the user’s page. |||| %{smart_count} invitations could not be sent: send them again from the users’ pages.',
    file: {
      too_large: 'This file is too large: %{max} KB at most.',
      too_many: 'This file has too many rows: %{max} at most per import. Split it into several files.',
      empty: 'This file is empty: its first line must name the columns.',
      no_field: 'No column of this file matches a field: name them as the list’s columns.',
      no_rows: 'This file has no row to import under its headers.',
    },
  },
};
