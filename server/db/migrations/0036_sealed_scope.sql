-- The scope a statement runs in (its structure, the platform flag, its user: server/db/scope.ts) is a set of
-- settings any role may set. Row-level security read them as they were: a statement injected into the app's
-- role could set `app.platform` to `on`, or another structure, and read every structure's rows. The server
-- now seals them: with the settings it sends an HMAC-SHA-256 of their values (`app.scope_seal`), under a key
-- that only the tables' owner reads (the server reads it at start-up, before it takes the app's role). The
-- functions that policies, defaults and triggers read answer the scope only when its seal is right: a scope
-- set by hand is no scope, and sees no structure's rows.

CREATE TABLE scope_key (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  key bytea NOT NULL,
  -- HMAC's inner and outer keys (the key, 64 bytes, XOR 0x36 and 0x5c), kept so a check is two hashes.
  inner_pad bytea NOT NULL,
  outer_pad bytea NOT NULL
);

DO $$
DECLARE
  -- 64 bytes from PostgreSQL's strong random source (four random UUIDs, hashed twice).
  seed text := gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text;
  k bytea := sha256(convert_to('a' || seed, 'UTF8')) || sha256(convert_to('b' || seed, 'UTF8'));
  i bytea := k;
  o bytea := k;
BEGIN
  FOR n IN 0..63 LOOP
    i := set_byte(i, n, get_byte(k, n) # 54);
    o := set_byte(o, n, get_byte(k, n) # 92);
  END LOOP;
  INSERT INTO scope_key (key, inner_pad, outer_pad) VALUES (k, i, o);
END $$;

-- Whether the scope's settings carry the server's seal: the HMAC of the structure, the platform flag and the
-- user, one a line (as server/db/scope.ts writes them). Run as the owner, the only reader of the key.
CREATE FUNCTION app_scope_sealed() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT coalesce(encode(sha256(k.outer_pad || sha256(k.inner_pad || convert_to(
           coalesce(current_setting('app.structure', true), '') || E'\n' ||
           coalesce(current_setting('app.platform', true), '') || E'\n' ||
           coalesce(current_setting('app.user_id', true), ''), 'UTF8'))), 'hex')
         = current_setting('app.scope_seal', true), false)
    FROM public.scope_key k
$$;

CREATE OR REPLACE FUNCTION app_structure() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN public.app_scope_sealed() THEN nullif(current_setting('app.structure', true), '')::integer END
$$;
CREATE OR REPLACE FUNCTION app_platform() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT public.app_scope_sealed() AND coalesce(current_setting('app.platform', true), '') = 'on'
$$;
CREATE OR REPLACE FUNCTION app_user_id() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN public.app_scope_sealed() THEN nullif(current_setting('app.user_id', true), '')::integer END
$$;

-- Who wrote, in the audit log and the tickets' history, is the sealed scope's user: a user set by hand names
-- no one.
CREATE OR REPLACE FUNCTION audit_entry(resource text, record_id integer, company integer, operation text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  entry integer := nullif(current_setting('app.audit_entry', true), '')::integer;
  main_resource text := coalesce(nullif(current_setting('app.resource', true), ''), resource);
  main_id integer := nullif(current_setting('app.record_id', true), '')::integer;
  actor integer := public.app_user_id();
  is_main boolean := main_resource = resource AND coalesce(main_id, record_id) = record_id;
BEGIN
  IF entry IS NULL THEN
    INSERT INTO public.audit_log (user_id, user_name, company_id, action, resource, record_id)
    VALUES (actor, (SELECT concat_ws(' ', u.first_name, u.last_name) FROM public.users u WHERE u.id = actor), company,
            coalesce(nullif(current_setting('app.action', true), ''), operation), main_resource,
            CASE WHEN is_main THEN record_id ELSE main_id END)
    RETURNING id INTO entry;
    PERFORM set_config('app.audit_entry', entry::text, true),
            set_config('app.audit_main', CASE WHEN is_main THEN 'found' ELSE '' END, true);
  ELSIF is_main AND coalesce(current_setting('app.audit_main', true), '') <> 'found' THEN
    UPDATE public.audit_log l SET record_id = audit_entry.record_id WHERE l.id = entry;
    PERFORM set_config('app.audit_main', 'found', true);
  END IF;
  RETURN entry;
END $$;

CREATE OR REPLACE FUNCTION record_ticket_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor integer := public.app_user_id();
BEGIN
  IF OLD.status IS DISTINCT FROM NEW.status THEN
    INSERT INTO ticket_changes (ticket_id, field, previous, value, actor_id) VALUES (NEW.id, 'status', OLD.status, NEW.status, actor);
  END IF;
  IF OLD.follow_up_at IS DISTINCT FROM NEW.follow_up_at THEN
    INSERT INTO ticket_changes (ticket_id, field, previous, value, actor_id)
    VALUES (NEW.id, 'follow_up_at', to_json(OLD.follow_up_at)#>>'{}', to_json(NEW.follow_up_at)#>>'{}', actor);
  END IF;
  RETURN NULL;
END $$;
