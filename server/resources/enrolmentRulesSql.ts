/**
 * Enrolment rules as the database keeps them: a member who arrives under an active rule of their structure
 * (given its tag or its skill, whether through the API, a CSV import or a seed; or enabled again) is
 * enrolled in its course, once. The triggers run as the writer, under row-level security: what they read
 * (the rules, the member) and write (the enrolment) is the writer's structure's, or every structure's for
 * the platform's own work, and a writer may give tags only to the members it may change.
 */

/**
 * SQL of a due date N days after `since`, as dueDateOf (src/domain/learning.ts) says: the end of that day,
 * in UTC; NULL without days.
 */
export const dueAtSql = (days: string, since: string) => `learning_due_at(${days}, ${since})`;

/** Statements run at start-up (server/resources/derivedSchema.ts): the due date's rule and the arrival triggers. */
export function enrolmentRuleStatements(): string[] {
  return [
    `CREATE OR REPLACE FUNCTION learning_due_at(days integer, since timestamptz) RETURNS timestamptz
       LANGUAGE sql STABLE AS $$
       SELECT (date_trunc('day', since AT TIME ZONE 'UTC') + make_interval(days => days + 1) - interval '1 millisecond')
              AT TIME ZONE 'UTC'
     $$`,
    // Each (member, tag, skill) is a member given that tag or skill: enrolled by every active rule of their
    // structure naming it, one rule a course (the oldest), unless they have (or had) an enrolment in it: a
    // learner a manager unenrolled stays unenrolled.
    `CREATE OR REPLACE FUNCTION learning_rules_enrol(learners integer[], tag_ids integer[], skill_ids integer[])
       RETURNS void LANGUAGE sql AS $$
       INSERT INTO participations (user_id, course_id, due_at, remind_supervisor, rule_id)
       SELECT DISTINCT ON (u.id, r.course_id) u.id, r.course_id, ${dueAtSql('r.due_days', 'now()')}, r.remind_supervisor, r.id
         FROM unnest(learners, tag_ids, skill_ids) AS x(user_id, tag_id, skill_id)
         JOIN users u ON u.id = x.user_id AND u.enabled
         JOIN enrolment_rules r ON r.company_id = u.company_id AND r.active
                               AND (r.tag_id = x.tag_id OR r.skill_id = x.skill_id)
        ORDER BY u.id, r.course_id, r.id
       ON CONFLICT (user_id, course_id) DO NOTHING
     $$`,
    `CREATE OR REPLACE FUNCTION learning_rules_tagged() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM learning_rules_enrol(array_agg(n.user_id), array_agg(n.tag_id), array_agg(NULL::integer)) FROM new_rows n;
       RETURN NULL;
     END $$`,
    `CREATE OR REPLACE FUNCTION learning_rules_skilled() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM learning_rules_enrol(array_agg(n.user_id), array_agg(NULL::integer), array_agg(n.skill_id)) FROM new_rows n;
       RETURN NULL;
     END $$`,
    // A member enabled again arrives with every tag and skill they hold (a disabled one is no audience).
    `CREATE OR REPLACE FUNCTION learning_rules_enabled() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM learning_rules_enrol(array_agg(h.user_id), array_agg(h.tag_id), array_agg(h.skill_id))
          FROM (SELECT ut.user_id, ut.tag_id, NULL::integer AS skill_id FROM user_tags ut WHERE ut.user_id = NEW.id
                UNION ALL
                SELECT us.user_id, NULL, us.skill_id FROM user_skills us WHERE us.user_id = NEW.id) h;
       RETURN NULL;
     END $$`,
    `DROP TRIGGER IF EXISTS learning_rules_tagged ON user_tags`,
    `CREATE TRIGGER learning_rules_tagged AFTER INSERT ON user_tags
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_rules_tagged()`,
    `DROP TRIGGER IF EXISTS learning_rules_skilled ON user_skills`,
    `CREATE TRIGGER learning_rules_skilled AFTER INSERT ON user_skills
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_rules_skilled()`,
    `DROP TRIGGER IF EXISTS learning_rules_enabled ON users`,
    `CREATE TRIGGER learning_rules_enabled AFTER UPDATE OF enabled ON users
       FOR EACH ROW WHEN (NEW.enabled AND NOT OLD.enabled) EXECUTE FUNCTION learning_rules_enabled()`,
  ];
}
