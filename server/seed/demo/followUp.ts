import { dueDateOf } from '../../../src/domain/learning.ts';
import type { Queryable } from '../../db/database.ts';
import { ago, insertRows, must, Random } from './bulk.ts';
import type { Catalog } from './catalog.ts';
import { CYBERSECURITY } from './coursesSecurityManagement.ts';
import { GDPR } from './coursesOfficeSpeakingGdpr.ts';
import { ACADEMY, MOREL, type People } from './people.ts';

/**
 * Following learning in the demo: due dates on the enrolments (some past, some this week, some later, some
 * none), who made them, a rule enrolling a tag's members, a supervisor among the contributors, and a course
 * whose completion expires; so that the "Apprenants" views, the reports and the home pages have something
 * true to show on the first start. Drawn from a generator of its own: the rest of the demo stays as it was.
 */

/** The contributor who follows colleagues of the academy (user-supervisions): [learner, starts (days ago)]. */
const SUPERVISOR = 'contributeur@demo.fr';
const SUPERVISED: [string, number][] = [
  ['manon.bonnet@academie-demo.fr', 45],
  ['raphael.andre@academie-demo.fr', 40],
  ['yasmine.benali@academie-demo.fr', 30],
];

/**
 * Rules enrolling a tag's members in a course, due some days after: the structure's first members not taking
 * the course yet (a newcomer who has not chosen a password yet among them) carry the tag, then the rule enrols
 * them (once, here, as its application would). [structure, rule, tag, course, due days, the days since each
 * member's enrolment].
 */
const RULES: [string, string, string, string, number, number[]][] = [
  [
    ACADEMY,
    'Nouveaux arrivants : les fondamentaux de la cybersécurité',
    'Accueil des nouveaux',
    CYBERSECURITY.title,
    30,
    [12, 3],
  ],
  [MOREL, 'Exploitation : protéger les données personnelles', 'Exploitation', GDPR.title, 45, [1]],
];
/** The security basics are taken again every year. */
const VALIDITY_MONTHS = 12;

const DAY_MS = 86_400_000;

interface Enrolment {
  id: number;
  user_id: number;
  company_id: number | null;
  status: string;
  created_at: Date;
  completed_at: Date | null;
}

export async function seedFollowUp(
  tx: Queryable,
  people: People,
  catalog: Catalog,
  tags: ReadonlyMap<string, number>,
): Promise<void> {
  const random = new Random(38);
  const now = Date.now();
  const courseIds = new Map(catalog.courses.map((course) => [course.spec.title, course.id]));
  const cyber = must(courseIds, CYBERSECURITY.title);
  // Each structure's enrolments are made by its first administrator, when they are not a rule's.
  const enroller = new Map<number, number>();
  for (const spec of people.specs)
    if (spec.company !== null && spec.roles.includes('ROLE_ADMIN') && spec.enabled !== false) {
      const company = must(people.companies, spec.company);
      if (!enroller.has(company)) enroller.set(company, must(people.users, spec.email));
    }

  const rows = await tx.query<Enrolment>(
    'SELECT id, user_id, company_id, status, created_at, completed_at FROM participations ORDER BY id',
  );
  const days = (at: Date) => Math.floor((now - new Date(at).getTime()) / DAY_MS);
  const changes = rows.map((row) => {
    let due: Date | null = null;
    const roll = random.next();
    if (row.status === 'completed' && row.completed_at && roll < 0.4)
      due = dueDateOf({ days: random.int(1, 10) }, new Date(row.completed_at));
    else if (row.status !== 'completed') {
      const age = days(row.created_at);
      // Late: a due date passed, never before the enrolment; due this week; later; or none.
      if (roll < 0.3 && age >= 4) due = dueDateOf({ days: -random.int(1, Math.min(25, age - 3)) }, new Date(now));
      else if (roll < 0.45) due = dueDateOf({ days: random.int(1, 6) }, new Date(now));
      else if (roll < 0.8) due = dueDateOf({ days: random.int(10, 60) }, new Date(now));
    }
    const by = row.company_id !== null && random.chance(0.6) ? (enroller.get(row.company_id) ?? null) : null;
    return { id: row.id, due: due?.toISOString() ?? null, by };
  });
  await tx.query(
    `UPDATE participations p SET due_at = x.due, enrolled_by_id = x.by
       FROM jsonb_to_recordset($1::jsonb) AS x(id integer, due timestamptz, by integer) WHERE p.id = x.id`,
    [JSON.stringify(changes)],
  );

  // The supervisor's learners: one of their enrolments late, another due within days.
  const supervisor = must(people.users, SUPERVISOR);
  await insertRows(
    tx,
    'user_supervisions',
    { supervisor_id: 'integer', learner_id: 'integer', _starts: 'interval' },
    SUPERVISED.map(([learner, starts]) => ({
      supervisor_id: supervisor,
      learner_id: must(people.users, learner),
      _starts: ago(starts),
      _age: ago(starts + 1),
    })),
    { stamped: true, computed: { starts_at: "date_trunc('day', now() - x._starts)" } },
  );
  const learners = SUPERVISED.map(([learner]) => must(people.users, learner));
  await tx.query(
    `WITH open AS (
       SELECT p.id, row_number() OVER (ORDER BY p.user_id, p.id) AS n FROM participations p
        WHERE p.user_id = ANY($1::int4[]) AND p.status <> 'completed')
     UPDATE participations p
        SET due_at = date_trunc('day', now()) + CASE WHEN o.n = 1 THEN interval '-2 days' ELSE interval '3 days' END
                     + interval '1 day' - interval '1 millisecond'
       FROM open o WHERE p.id = o.id AND o.n <= 2`,
    [learners],
  );

  // The members carry the tag before the rule exists: the rule's enrolments are made once, by the rule.
  for (const [structure, name, tagName, title, dueDays, ages] of RULES) {
    const company = must(people.companies, structure);
    const course = must(courseIds, title);
    const members = await tx.query<{ id: number }>(
      `SELECT u.id FROM users u
        WHERE u.company_id = $1 AND u.type = 'contributor' AND u.enabled
          AND NOT EXISTS (SELECT 1 FROM participations p WHERE p.user_id = u.id AND p.course_id = $2)
        ORDER BY u.id LIMIT $3`,
      [company, course, ages.length],
    );
    const users = members.map((member) => member.id);
    await tx.query('INSERT INTO user_tags (user_id, tag_id) SELECT u, $2 FROM unnest($1::int4[]) u', [
      users,
      must(tags, tagName),
    ]);
    const [rule] = await tx.query<{ id: number }>(
      `INSERT INTO enrolment_rules (company_id, name, course_id, tag_id, due_days, remind_supervisor, created_by_id,
                                    created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, true, $6, now() - interval '20 days', now() - interval '20 days')
       RETURNING id`,
      [company, name, course, must(tags, tagName), dueDays, enroller.get(company) ?? null],
    );
    await tx.query(
      `INSERT INTO participations (user_id, course_id, rule_id, remind_supervisor, created_at, updated_at, due_at)
       SELECT x.user_id, $1, $2, true, now() - make_interval(days => x.days), now() - make_interval(days => x.days),
              date_trunc('day', now() - make_interval(days => x.days - $3)) + interval '1 day' - interval '1 millisecond'
         FROM unnest($4::int4[], $5::int4[]) AS x(user_id, days)
       ON CONFLICT (user_id, course_id) DO NOTHING`,
      [course, rule.id, dueDays, users, ages.slice(0, users.length)],
    );
  }

  // A completion of the security basics expires after a year: the completed ones get their expiry.
  await tx.query('UPDATE courses SET validity_months = $2 WHERE id = $1', [cyber, VALIDITY_MONTHS]);
  await tx.query(
    `SELECT learning_recount(array_agg(user_id), array_agg(course_id)) FROM participations WHERE course_id = $1`,
    [cyber],
  );
}
