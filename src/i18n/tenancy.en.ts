import type { tenancyFr } from './tenancy.fr';

/** The structures' words in English, key for key with the French. */
export const tenancyEn: typeof tenancyFr = {
  tenancy: {
    structure: 'Structure',
    all_structures: 'All structures',
    catalogue: 'Catalogue',
    platform: 'Platform',
    switcher: {
      button: '%{name} — change structure',
      dialog: 'Choose the structure',
      search: 'Search for a structure',
      more: '%{smart_count} structure: type to search |||| %{smart_count} structures: type to search',
      none: 'No structure matches.',
      loading: 'Loading…',
      switched: 'You are working in: %{name}',
    },
    empty_structure: {
      catalogue: 'Empty: the platform’s catalogue.',
      platform: 'Empty: the platform itself.',
      user: 'Required, except for a super administrator (the platform’s team).',
    },
    copy: {
      button: 'Copy into my structure',
      named: 'Copy into my structure “%{title}”',
      done: 'Course copied into your structure: you may now change it.',
    },
    read_only: {
      title: 'Catalogue course',
      text: 'This course belongs to the platform’s catalogue: it can be read, not changed. Copy it into your structure to adapt it.',
    },
  },
};
