import type { auditActionsFr, auditLogFr } from './auditLog.fr';

/** The journal's words in English. */
export const auditLogEn: typeof auditLogFr = {
  fields: {
    at: 'Date',
    user: 'User',
    userName: 'Author',
    action: 'Action',
    resource: 'Item type',
    recordId: 'Id',
    record: 'Item',
    changes: 'Changed fields',
    company: 'Structure',
  },
  empty: 'No change recorded yet: every write will show here, with its author and what it changed.',
  invite: '',
  period_from: 'From',
  period_to: 'Until',
  deleted: '(deleted)',
  more_fields: '+ %{smart_count} other |||| + %{smart_count} others',
};

/** What an audit log entry says was done, in English. */
export const auditActionsEn: Record<keyof typeof auditActionsFr, string> = {
  create: 'Creation',
  update: 'Change',
  delete: 'Deletion',
  restore: 'Restore',
  reorder: 'Move',
  copy: 'Copy',
  publish: 'Publication',
  'add-tags': 'Tags added',
  'remove-tags': 'Tags removed',
  'add-skills': 'Skills added',
  'remove-skills': 'Skills removed',
  'add-chapter-unlocks': 'Unlocks added',
  'remove-chapter-unlocks': 'Unlocks removed',
  'add-access-rights': 'Access rights added',
  'remove-access-rights': 'Access rights removed',
  'add-message': 'Ticket message',
  'activate-import': 'Import activated',
  import: 'Import',
  upload: 'File upload',
  'sign-in': 'Sign-in',
  'sign-out': 'Sign-out',
  'sign-out-everywhere': 'Signed out everywhere',
  'change-password': 'Password change',
  'set-password': 'Password set',
  register: 'Sign-up',
  invite: 'Invitation',
  subscribe: 'Subscription',
  unsubscribe: 'Cancellation',
};
