-- Structures are tenants. Every row about people, and a structure's own content, names its structure in
-- `company_id`; content without one is the platform's catalogue. The rows of today go to their people's
-- structure, and what belongs to no one to the first structure: nothing becomes visible to a structure that
-- could not see it before, and no row is lost. Row-level security is switched on from the tenancy model at
-- start-up (server/resources/tenancy.ts), over the functions below.

-- The session's scope, set per transaction by the server (server/db/scope.ts).
CREATE FUNCTION app_structure() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.structure', true), '')::integer
$$;
CREATE FUNCTION app_platform() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.platform', true), '') = 'on'
$$;

-- The structure the rows of today go to when nothing else tells.
CREATE FUNCTION first_structure() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT min(id) FROM companies
$$;

-- A database that holds people but no structure yet gets one, so that none of its rows is left without.
INSERT INTO companies (name, status)
SELECT 'Structure principale', 'active'
 WHERE NOT EXISTS (SELECT 1 FROM companies)
   AND (EXISTS (SELECT 1 FROM users WHERE NOT ('ROLE_SUPER_ADMIN' = ANY (roles)))
        OR EXISTS (SELECT 1 FROM courses) OR EXISTS (SELECT 1 FROM tickets) OR EXISTS (SELECT 1 FROM documents));

-- People: a user without a structure is platform staff, and only a super admin may be.
UPDATE users SET company_id = first_structure() WHERE company_id IS NULL AND NOT ('ROLE_SUPER_ADMIN' = ANY (roles));
ALTER TABLE users DROP CONSTRAINT users_company_id_fkey;
ALTER TABLE users ADD CONSTRAINT users_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies (id) ON DELETE CASCADE;
ALTER TABLE users ALTER COLUMN company_id SET DEFAULT app_structure();
ALTER TABLE users ADD CONSTRAINT users_platform_staff CHECK (company_id IS NOT NULL OR 'ROLE_SUPER_ADMIN' = ANY (roles));
DROP INDEX users_company_idx;
CREATE INDEX users_company_idx ON users (company_id, id);

-- Adds the structure column to a table, filled by `fill` (SQL over the table's alias `t`), else the first
-- structure when `fallback`, with the session's structure as the default of new rows.
CREATE FUNCTION add_structure_column(tbl text, fill text, fallback boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ADD COLUMN company_id integer REFERENCES companies (id) ON DELETE CASCADE', tbl);
  IF fill IS NOT NULL THEN
    EXECUTE format('UPDATE %I t SET company_id = %s', tbl, fill);
  END IF;
  IF fallback THEN
    EXECUTE format('UPDATE %I SET company_id = first_structure() WHERE company_id IS NULL', tbl);
  END IF;
  EXECUTE format('ALTER TABLE %I ALTER COLUMN company_id SET DEFAULT app_structure()', tbl);
  EXECUTE format('CREATE INDEX %I ON %I (company_id, id)', tbl || '_company_idx', tbl);
END $$;

SELECT add_structure_column('tickets', '(SELECT u.company_id FROM users u WHERE u.id = t.author_id)', true);
SELECT add_structure_column(tbl, fill, true) FROM (VALUES
  ('user_connections', '(SELECT u.company_id FROM users u WHERE u.id = t.user_id)'),
  ('user_supervisions', '(SELECT u.company_id FROM users u WHERE u.id = t.learner_id)'),
  ('participations', '(SELECT u.company_id FROM users u WHERE u.id = t.user_id)'),
  ('chapter_validations', '(SELECT u.company_id FROM users u WHERE u.id = t.user_id)'),
  ('chapter_part_responses', '(SELECT u.company_id FROM users u WHERE u.id = t.user_id)'),
  -- A comment is its author's structure's; a note its target's (a note on a ticket goes with the ticket),
  -- else its author's.
  ('comments', '(SELECT u.company_id FROM users u WHERE u.id = t.author_id)'),
  ('notes', 'coalesce((SELECT x.company_id FROM tickets x WHERE x.id = t.ticket_id), (SELECT x.company_id FROM users x WHERE x.id = t.user_id), (SELECT u.company_id FROM users u WHERE u.id = t.author_id))'),
  ('documents', 'coalesce((SELECT u.company_id FROM users u WHERE u.id = t.owner_id), (SELECT min(c.id) FROM companies c WHERE c.logo_id = t.id))'),
  -- Content of today is the first structure's own: the catalogue starts empty and nothing is shared unasked.
  ('courses', NULL),
  ('tags', NULL),
  ('skills', NULL)) AS v(tbl, fill);

-- Modules, chapters and parts are their parent's (a template without a parent stays the first structure's).
SELECT add_structure_column('modules', '(SELECT c.company_id FROM courses c WHERE c.id = t.course_id)', true);
SELECT add_structure_column('chapters', '(SELECT m.company_id FROM modules m WHERE m.id = t.module_id)', true);
SELECT add_structure_column('chapter_parts', '(SELECT ch.company_id FROM chapters ch WHERE ch.id = t.chapter_id)', true);

-- Notification templates are the platform's mails: today's are its defaults, which a structure may replace
-- with its own template of the same code.
SELECT add_structure_column('notification_templates', NULL, false);
ALTER TABLE notification_templates DROP CONSTRAINT notification_templates_code_key;
CREATE UNIQUE INDEX notification_templates_code_key ON notification_templates (company_id, code) NULLS NOT DISTINCT;

-- A name is unique within its structure (and within the catalogue).
ALTER TABLE tags DROP CONSTRAINT tags_name_key;
CREATE UNIQUE INDEX tags_name_key ON tags (company_id, name) NULLS NOT DISTINCT;
ALTER TABLE skills DROP CONSTRAINT skills_name_key;
CREATE UNIQUE INDEX skills_name_key ON skills (company_id, name) NULLS NOT DISTINCT;

-- An error report's structure is its reporter's, whatever the report said: the column held the token's
-- claim; it is now a reference.
UPDATE error_calls e SET company_id = coalesce((SELECT u.company_id FROM users u WHERE u.id = e.employee_id), first_structure());
ALTER TABLE error_calls ALTER COLUMN company_id SET DEFAULT app_structure();
ALTER TABLE error_calls ADD CONSTRAINT error_calls_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies (id) ON DELETE CASCADE;
CREATE INDEX error_calls_company_idx ON error_calls (company_id, id);

-- Live events carry their ticket's structure: a stream delivers a structure's events to it alone.
ALTER TABLE live_events ADD COLUMN company_id integer;

CREATE OR REPLACE FUNCTION live_ticket_event(p_kind text, p_ticket integer, p_internal boolean, p_extra jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  event live_events;
BEGIN
  SELECT id, type, status, author_id, company_id INTO t FROM tickets WHERE id = p_ticket;
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO live_events (topic, owner_id, internal, payload, company_id)
  VALUES ('tickets', CASE WHEN t.type = 1 THEN t.author_id END, p_internal,
          jsonb_build_object('kind', p_kind, 'ticket', t.id, 'type', t.type, 'status', t.status) || coalesce(p_extra, '{}'::jsonb),
          t.company_id)
  RETURNING * INTO event;
  -- The whole event rides on the notification (well under NOTIFY's 8000 bytes): listeners need no query.
  PERFORM pg_notify('live_events', json_build_object(
    'id', event.id, 'topic', event.topic, 'owner', event.owner_id, 'internal', event.internal,
    'structure', event.company_id, 'data', event.payload)::text);
END $$;

-- Structures are listed and searched by platform staff.
ALTER TABLE companies ADD COLUMN search text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(city, '') || ' ' || coalesce(siret, ''))) STORED;
CREATE INDEX companies_name_idx ON companies (name, id);
CREATE INDEX companies_city_idx ON companies (city, id);
CREATE INDEX companies_status_idx ON companies (status, id);
CREATE INDEX companies_created_at_idx ON companies (created_at, id);
CREATE INDEX companies_search_idx ON companies USING gin (search gin_trgm_ops);
SELECT install_row_counts('companies');
UPDATE row_counts SET n = (SELECT count(*) FROM companies) WHERE table_name = 'companies';

-- A row taking its structure from the row it belongs to (a chapter from its module, an answer from its
-- learner): `TG_ARGV[0]` names the column pointing there, `TG_ARGV[1]` the table. A row never moves to
-- another structure: the catalogue's and each structure's content stay apart.
CREATE FUNCTION inherit_structure() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent integer := (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
  inherited integer;
BEGIN
  IF parent IS NULL THEN
    IF TG_OP = 'UPDATE' THEN NEW.company_id := OLD.company_id; END IF;
    RETURN NEW;
  END IF;
  EXECUTE format('SELECT company_id FROM %I WHERE id = $1', TG_ARGV[1]) INTO inherited USING parent;
  IF TG_OP = 'UPDATE' AND inherited IS DISTINCT FROM OLD.company_id THEN
    RAISE EXCEPTION 'a % row cannot move to another structure', TG_TABLE_NAME
      USING ERRCODE = 'check_violation', CONSTRAINT = 'structure_move';
  END IF;
  NEW.company_id := inherited;
  RETURN NEW;
END $$;

-- Nor does a row change structure by a write of its own column.
CREATE FUNCTION keep_structure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a % row cannot move to another structure', TG_TABLE_NAME
    USING ERRCODE = 'check_violation', CONSTRAINT = 'structure_move';
END $$;

-- A user's name where a row of the session's structure names them: their structure's people, and the
-- platform's staff who answered its tickets or commented its content (never another structure's people).
-- Row-level security hides the platform's users from a structure: this is the one thing of theirs it reads.
CREATE FUNCTION user_display_name(uid integer) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT concat_ws(' ', u.first_name, u.last_name) FROM public.users u
   WHERE u.id = uid AND (u.company_id IS NULL OR u.company_id = public.app_structure() OR public.app_platform())
$$;
