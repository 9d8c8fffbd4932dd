import type { courseTransferFr } from './courseTransfer.fr';

/** A course's new session, export and import, spread under `app` by en.ts. */
export const courseTransferEn: typeof courseTransferFr = {
  course_transfer: {
    rerun: {
      button: 'New session',
      named: 'New session of “%{title}”',
      dialog: 'New session of the course',
      intro: 'The whole course (modules, chapters, parts, tags, skills, files, prerequisites) is copied as a draft.',
      title: 'Title of the new session',
      default_title: '%{title} (new session)',
      dates: 'Dates of the course',
      dates_clear: 'Clear the dates',
      dates_shift: 'Shift the dates',
      offset: 'Offset (days)',
      offset_help: 'A number of days, negative to bring the dates forward.',
      offset_invalid: 'Enter a whole number of days between -%{max} and %{max}.',
      title_invalid: 'Enter a title of at most 255 characters.',
      submit: 'Create the session',
      done: 'New session created: you can edit it.',
    },
    export: {
      button: 'Export',
      named: 'Export “%{title}”',
      done: 'Course exported.',
    },
    import: {
      button: 'Import a course',
      dialog: 'Import a course',
      intro: 'Choose a .zip exported from a course. It becomes a new draft course of your structure.',
      choose: 'Choose a file',
      chosen: 'Chosen file: %{name}',
      none: 'No file chosen.',
      submit: 'Import',
      busy: 'Importing…',
      where_file: 'File sent',
      where_archive: 'In the archive: %{path}',
      refused: 'The file was refused:',
      done: 'Course imported: you can edit it.',
    },
  },
};
