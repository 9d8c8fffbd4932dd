/**
 * Where a person's data lives, column by column: every column of the schema that names a user (a reference to
 * `users`, or their id or address kept without one) is classified here, and a test fails on one that is not
 * (tests/api/personalData.test.ts reads the catalogue). For each: whether the person's export carries the rows
 * it names them in, and what their erasure does to those rows.
 *
 * - `delete`: the row is theirs alone (a sign-in, an answer, a saved view): it goes, with its file.
 * - `keep`: the row is also someone else's (a ticket they opened, a message they wrote, a colleague they
 *   enrolled): it stays, and names an account that reads "Utilisateur supprimé" from then on.
 * - `own-files`: documents they uploaded: their own files go (a support file, an answer's upload), course
 *   content they authored stays with the course.
 *
 * `exported: false`: the row is the server's own bookkeeping or a secret (a session, a code, a budget), which
 * says nothing of the person beyond what the exported rows say.
 */
export type Erasure = 'delete' | 'keep' | 'own-files';

export interface PersonalColumn {
  table: string;
  column: string;
  exported: boolean;
  erasure: Erasure;
  /** Why, in a data protection officer's words (the export's manifest says it). */
  what: string;
  /** The rows are the person's own under row-level security (a user table): read and erased in their scope. */
  userScoped?: boolean;
  /** The column holds the person's e-mail address rather than their id. */
  byAddress?: boolean;
}

const theirs = (table: string, column: string, what: string, extra: Partial<PersonalColumn> = {}): PersonalColumn => ({
  table,
  column,
  exported: true,
  erasure: 'delete',
  what,
  ...extra,
});
const shared = (table: string, column: string, what: string): PersonalColumn => ({
  table,
  column,
  exported: true,
  erasure: 'keep',
  what,
});
/** A record of something the person did to another's record: the audit log's entries already say it. */
const acted = (table: string, column: string, what: string): PersonalColumn => ({
  table,
  column,
  exported: false,
  erasure: 'keep',
  what,
});
const bookkeeping = (table: string, column: string, what: string): PersonalColumn => ({
  table,
  column,
  exported: false,
  erasure: 'delete',
  what,
});

export const PERSONAL_COLUMNS: readonly PersonalColumn[] = [
  shared('users', 'id', 'The account: names, address, telephone, roles, structure, language, dates.'),
  // Learning.
  theirs('participations', 'user_id', 'Enrolments in courses: status, progress, due dates, completions.'),
  theirs('chapter_part_responses', 'user_id', 'Answers to the parts of chapters, with their feedback.'),
  theirs('chapter_validations', 'user_id', 'Chapters validated, and when.'),
  theirs('learning_reminders', 'recipient_id', 'Reminders mailed about a due date.'),
  theirs('mail_opt_outs', 'user_id', 'E-mails the person chose not to receive.'),
  theirs('report_subscriptions', 'user_id', 'The weekly learning report the person receives.'),
  theirs('user_supervisions', 'learner_id', 'Who supervises the person.'),
  theirs('user_supervisions', 'supervisor_id', 'Whom the person supervises.'),
  theirs('user_access_rights', 'user_id', 'Access rights granted to the person.'),
  theirs('user_skills', 'user_id', 'Skills of the person.'),
  theirs('user_tags', 'user_id', 'Tags of the person.'),
  acted('participations', 'enrolled_by_id', 'Who enrolled a learner.'),
  acted('chapter_validations', 'validated_by_id', 'Who validated a learner’s chapter.'),
  acted('enrolment_rules', 'created_by_id', 'Who wrote an enrolment rule.'),
  // Sign-ins and reports of the back-office.
  theirs('user_connections', 'user_id', 'Sign-ins: when, from which address and browser, whether they succeeded.'),
  theirs('error_calls', 'employee_id', 'Errors the back-office reported while the person used it.'),
  // What the person wrote, which others read too.
  shared('comments', 'author_id', 'Comments written on courses.'),
  shared('notes', 'author_id', 'Notes written (on tickets, people, courses).'),
  theirs('notes', 'user_id', 'Notes written about the person.'),
  shared('tickets', 'author_id', 'Support tickets opened.'),
  shared('tickets', 'parent_user_id', 'Support tickets about the person.'),
  acted('tickets', 'assignee_id', 'Tickets assigned to a member of staff.'),
  shared('ticket_messages', 'author_id', 'Messages written on tickets.'),
  theirs('ticket_attachments', 'uploader_id', 'Files attached to tickets.'),
  acted('ticket_changes', 'actor_id', 'Who changed a ticket.'),
  theirs('ticket_notifications', 'recipient', 'E-mails sent about tickets.', { byAddress: true }),
  acted('canned_replies', 'assignee_id', 'Whom a canned reply assigns tickets to.'),
  theirs('mention_notifications', 'user_id', 'Mentions of the person in ticket notes.', { userScoped: true }),
  acted('mention_notifications', 'author_id', 'Who mentioned a colleague.'),
  theirs('saved_views', 'user_id', 'The person’s saved list views.', { userScoped: true }),
  {
    table: 'documents',
    column: 'owner_id',
    exported: true,
    erasure: 'own-files',
    what: 'Files uploaded: the person’s own go, course content stays with its course.',
  },
  // The work of staff on the structure's records.
  acted('course_live', 'published_by_id', 'Who published a course.'),
  acted('role_permissions', 'updated_by', 'Who changed a right of the structure.'),
  acted('subscriptions', 'canceled_by', 'Who ended the structure’s plan.'),
  acted('recycle_bin', 'deleted_by_id', 'Who deleted a record kept in the recycle bin.'),
  shared('personal_data_requests', 'user_id', 'The person’s requests about their data.'),
  acted('personal_data_requests', 'requested_by_id', 'Who filed a request about someone’s data.'),
  acted('personal_data_requests', 'canceled_by_id', 'Who called off an erasure.'),
  shared('audit_log', 'user_id', 'What the person changed in the back-office, and when.'),
  // The server's bookkeeping and secrets.
  bookkeeping('refresh_tokens', 'user_id', 'Sessions.'),
  bookkeeping('session_carries', 'user_id', 'Sessions carried to a structure.'),
  bookkeeping('auth_codes', 'user_id', 'Sign-in codes.'),
  bookkeeping('live_streams', 'user_id', 'Open live connections.'),
  bookkeeping('live_events', 'owner_id', 'Live events about the person’s records.'),
  bookkeeping('live_events', 'recipient_id', 'Live events sent to the person.'),
  bookkeeping('ticket_presence', 'user_id', 'Who has a ticket open.'),
  bookkeeping('write_budgets', 'user_id', 'Writes counted against the person’s budget.'),
  bookkeeping('presence_budgets', 'user_id', 'Presence signals counted against the person’s budget.'),
];

/** Columns an export leaves out: search indexes, secrets, and the store's own keys of files it carries apart. */
export const OMITTED_COLUMNS = [
  'search',
  'search_vector',
  'search_parts',
  'password_hash',
  'session_version',
  'storage_key',
  'archive_key',
] as const;

/** The rows' file in an archive: the table, and the column when the table names the person in several. */
export function kindOf({ table, column }: PersonalColumn): string {
  const several = PERSONAL_COLUMNS.filter((entry) => entry.table === table && entry.exported).length > 1;
  return several ? `${table}.${column}` : table;
}
