-- A supervisor reads the participations, validations and answers of the learners they supervise, and
-- nothing else. The engine says so in each of its statements; row-level security holds it a second time
-- (server/learning/supervision.ts writes the policies): a scope may read as a supervisor (server/db/scope.ts,
-- `app.supervisor`), which the server seals with the rest. The seal covers the flag on a fourth line when it
-- is set; a scope without it is sealed as before, so that a process started before this migration keeps
-- working, and a statement that clears the flag by hand breaks the seal and sees no structure's rows.
CREATE OR REPLACE FUNCTION app_scope_sealed() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT coalesce(encode(sha256(k.outer_pad || sha256(k.inner_pad || convert_to(
           coalesce(current_setting('app.structure', true), '') || E'\n' ||
           coalesce(current_setting('app.platform', true), '') || E'\n' ||
           coalesce(current_setting('app.user_id', true), '') ||
           CASE WHEN coalesce(current_setting('app.supervisor', true), '') = '' THEN ''
                ELSE E'\n' || current_setting('app.supervisor', true) END, 'UTF8'))), 'hex')
         = current_setting('app.scope_seal', true), false)
    FROM public.scope_key k
$$;

-- Whether the statement reads as its user's supervisor role: only its supervised learners' rows.
CREATE FUNCTION app_supervisor() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT public.app_scope_sealed() AND coalesce(current_setting('app.supervisor', true), '') = 'on'
$$;

-- A supervisor's learners, read at each of their statements.
CREATE INDEX user_supervisions_supervisor_learner_idx ON user_supervisions (supervisor_id, learner_id, course_id);

-- When each aggregate of the reports (learning_course_stats, learning_funnel, learning_daily) was last
-- refreshed, whichever rows changed: what the reports answer as `refreshedAt`. The platform's: one row an
-- aggregate, for every structure at once.
CREATE TABLE learning_refreshes (
  aggregate text PRIMARY KEY,
  refreshed_at timestamptz NOT NULL
);
