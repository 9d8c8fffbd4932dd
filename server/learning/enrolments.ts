import { ENROLMENT_MAX_LEARNERS, ENROLMENT_SAMPLE_SIZE } from '../../src/domain/learning.ts';
import type { Queryable } from '../db/database.ts';
import { frenchOrder } from '../shared/sql.ts';

/**
 * Who an enrolment reaches and what it does to each of them, in one SQL statement: the preview and the
 * enrolment itself are the same statement's two endings over the same audience, so that what a preview
 * counts is what the enrolment does in the same state of the database.
 */

/** What an enrolment names: the union of its parts, among the enabled members of one structure. */
export interface Audience {
  users: readonly number[];
  /** Compared as logins are (login_fold): case and compatibility forms aside. */
  emails: readonly string[];
  /** Every member of the structure. */
  structure: boolean;
  /** Members holding any of these tags, or any of these skills. */
  tags: readonly number[];
  skills: readonly number[];
  /** The learners this user supervises today. */
  supervisor: number | null;
}

export interface Enrolment {
  /** The structure whose members the audience is taken from. */
  structure: number;
  course: number;
  audience: Audience;
  dueAt: Date | null;
  remindSupervisor: boolean;
  /** Who enrols (null: the server's own work). */
  enrolledBy: number | null;
  /** The rule that enrols, if one does. */
  rule: number | null;
  /**
   * Whether members whose enrolment a manager undid are enrolled again (a manager's enrolment does), or
   * left as they are (a rule's: what a manager undid, a rule does not redo).
   */
  reenrol: boolean;
}

export interface Sampled {
  id: number;
  name: string;
  email: string;
}

export interface EnrolmentCounts {
  /** Every member the audience reaches, whatever they are enrolled in already. */
  reached: number;
  /** Enrolled by it (preview: to be). */
  enrolled: number;
  /** Enrolled again after an unenrolment (preview: to be). */
  reenrolled: number;
  /** Enrolled already, left as they are. */
  alreadyEnrolled: number;
  /** Unenrolled by a manager and left so (a rule's enrolment only; 0 otherwise). */
  unenrolled: number;
  /** The listed e-mails that name no enabled member of the structure, as given. */
  unknownEmails: string[];
  /** The first of those it enrols, by name (the preview's). */
  sample: Sampled[];
}

/** The audience of an enrolment and each member's standing in the course: the CTEs `audience`, `classified`, `unknown`. */
function audienceSql(enrolment: Enrolment): { sql: string; params: unknown[] } {
  const params: unknown[] = [enrolment.structure, enrolment.course];
  const param = (value: unknown, cast: string) => {
    params.push(value);
    return `$${params.length}::${cast}`;
  };
  const { audience } = enrolment;
  const branches: string[] = [];
  if (audience.users.length > 0) branches.push(`SELECT unnest(${param(audience.users, 'int4[]')})`);
  const emails = audience.emails.length > 0 ? param(audience.emails, 'text[]') : undefined;
  if (emails)
    branches.push(
      `SELECT x.id FROM users x WHERE login_fold(x.email) IN (SELECT login_fold(e) FROM unnest(${emails}) e)`,
    );
  if (audience.structure) branches.push('SELECT x.id FROM users x WHERE x.company_id = $1');
  if (audience.tags.length > 0)
    branches.push(`SELECT ut.user_id FROM user_tags ut WHERE ut.tag_id = ANY(${param(audience.tags, 'int4[]')})`);
  if (audience.skills.length > 0)
    branches.push(`SELECT us.user_id FROM user_skills us WHERE us.skill_id = ANY(${param(audience.skills, 'int4[]')})`);
  if (audience.supervisor !== null)
    branches.push(`SELECT s.learner_id FROM user_supervisions s
      WHERE s.supervisor_id = ${param(audience.supervisor, 'int4')}
        AND (s.starts_at IS NULL OR s.starts_at <= now()) AND (s.ends_at IS NULL OR s.ends_at >= now())`);
  if (branches.length === 0) branches.push('SELECT NULL::int4 WHERE false');
  // The listed e-mails no member answers to: each once, as first given, in the list's order.
  const unknownEmails = emails
    ? `ARRAY(SELECT g.e FROM (SELECT DISTINCT ON (login_fold(l.e)) l.e, l.n FROM unnest(${emails}) WITH ORDINALITY AS l(e, n)
                                 ORDER BY login_fold(l.e), l.n) g
               LEFT JOIN (SELECT login_fold(a.email) AS fold FROM audience a) a ON a.fold = login_fold(g.e)
              WHERE a.fold IS NULL ORDER BY g.n)`
    : `'{}'::text[]`;
  return {
    sql: `audience AS (
      SELECT u.id, u.email, u.first_name, u.last_name FROM users u
       WHERE u.company_id = $1 AND u.enabled AND u.id IN (${branches.join('\n UNION ')})
    ), classified AS (
      SELECT a.*, p.id AS participation,
             CASE WHEN p.id IS NULL THEN 'new' WHEN p.unenrolled_at IS NULL THEN 'enrolled' ELSE 'unenrolled' END AS kind
        FROM audience a LEFT JOIN participations p ON p.user_id = a.id AND p.course_id = $2
    ), unknown AS (SELECT ${unknownEmails} AS emails)`,
    params,
  };
}

interface CountsRow {
  reached: number;
  enrolled: number;
  reenrolled: number;
  already: number;
  unenrolled: number;
  unknown_emails: string[] | null;
  sample?: Sampled[] | null;
}

/**
 * What an enrolment does, or with `apply` false would do, in one statement over the same audience: members
 * not enrolled yet are (one enrolled meanwhile is left as they are); those a manager unenrolled are enrolled
 * again when `reenrol`, left so otherwise; the enrolled are left alone. Nothing is written when the audience
 * reaches more than ENROLMENT_MAX_LEARNERS: `reached` says how many, and the caller refuses it.
 */
export async function enrolmentCounts(db: Queryable, enrolment: Enrolment, apply: boolean): Promise<EnrolmentCounts> {
  const { sql, params } = audienceSql(enrolment);
  const reenrol = String(enrolment.reenrol);
  const [row] = await db.query<CountsRow>(apply ? applySql(sql, params, enrolment) : previewSql(sql, reenrol), params);
  return {
    reached: Number(row.reached),
    enrolled: Number(row.enrolled),
    reenrolled: Number(row.reenrolled),
    alreadyEnrolled: Number(row.already),
    unenrolled: Number(row.unenrolled),
    unknownEmails: row.unknown_emails ?? [],
    sample: (row.sample ?? []).map((person) => ({ ...person, id: Number(person.id) })),
  };
}

/** The counts each ending answers: the same classification, read (preview) or written (apply). */
const countsSql = (reenrol: string, enrolled: string, reenrolled: string) => `
  ${enrolled} AS enrolled, ${reenrolled} AS reenrolled,
  (SELECT count(*) FROM classified WHERE kind = 'enrolled')::int AS already,
  (SELECT count(*) FROM classified WHERE kind = 'unenrolled' AND NOT ${reenrol})::int AS unenrolled,
  (SELECT emails FROM unknown) AS unknown_emails`;

/** The sample's learners by name, as a French reader files them. */
const byName = `${frenchOrder('c.last_name')}, ${frenchOrder('c.first_name')}, c.id`;

function previewSql(audience: string, reenrol: string): string {
  return `WITH ${audience}
    SELECT (SELECT count(*) FROM classified)::int AS reached,
      ${countsSql(
        reenrol,
        `(SELECT count(*) FROM classified WHERE kind = 'new')::int`,
        `(SELECT count(*) FROM classified WHERE kind = 'unenrolled' AND ${reenrol})::int`,
      )},
      (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'email', s.email) ORDER BY s.rank), '[]')
         FROM (SELECT c.id, concat_ws(' ', c.first_name, c.last_name) AS name, c.email,
                      row_number() OVER (ORDER BY ${byName}) AS rank
                 FROM classified c WHERE c.kind = 'new' OR (c.kind = 'unenrolled' AND ${reenrol})
                ORDER BY ${byName} LIMIT ${ENROLMENT_SAMPLE_SIZE}) s) AS sample`;
}

function applySql(audience: string, params: unknown[], enrolment: Enrolment): string {
  const param = (value: unknown, cast: string) => {
    params.push(value);
    return `$${params.length}::${cast}`;
  };
  const due = param(enrolment.dueAt?.toISOString() ?? null, 'timestamptz');
  const by = param(enrolment.enrolledBy, 'int4');
  const remind = param(enrolment.remindSupervisor, 'boolean');
  const rule = param(enrolment.rule, 'int4');
  const reenrol = String(enrolment.reenrol);
  const within = `(SELECT reached FROM totals) <= ${ENROLMENT_MAX_LEARNERS}`;
  return `WITH ${audience},
    totals AS (SELECT count(*) AS reached FROM classified),
    inserted AS (
      INSERT INTO participations (user_id, course_id, due_at, enrolled_by_id, remind_supervisor, rule_id)
      SELECT c.id, $2::int4, ${due}, ${by}, ${remind}, ${rule} FROM classified c WHERE c.kind = 'new' AND ${within}
      ON CONFLICT (user_id, course_id) DO NOTHING
      RETURNING 1
    ),
    reenrolled AS (
      UPDATE participations p
         SET unenrolled_at = NULL, due_at = ${due}, enrolled_by_id = ${by}, remind_supervisor = ${remind}, updated_at = now()
        FROM classified c
       WHERE ${reenrol} AND c.kind = 'unenrolled' AND p.id = c.participation AND p.unenrolled_at IS NOT NULL AND ${within}
      RETURNING 1
    )
    SELECT (SELECT reached FROM totals)::int AS reached,
      ${countsSql(reenrol, '(SELECT count(*) FROM inserted)::int', '(SELECT count(*) FROM reenrolled)::int')}`;
}
