import type { contentsFr } from './contents.fr';

/** Typed by the French file: a key missing here does not compile. */
export const contentsEn: typeof contentsFr = {
  resources: {
    courses: {
      name: 'Course |||| Courses',
      fields: {
        title: 'Title',
        description: 'Description',
        status: 'Status',
        isTemplate: 'Template',
        publishedAt: 'Published',
        createdAt: 'Created',
        updatedAt: 'Updated',
      },
      empty: 'No courses yet.',
      invite: 'Do you want to add one?',
    },
  },
  choices: {
    courseStatus: { draft: 'Draft', published: 'Published' },
  },
};
