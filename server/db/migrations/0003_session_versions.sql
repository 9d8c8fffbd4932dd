-- A user's sessions end when what they were granted changes. Every access token carries the user's
-- session version (claim `sv`); the version moves, here in the database so that no write path can forget
-- it, when the password, the roles, the type, the e-mail, `enabled` or the access rights change. Moving it
-- revokes the user's refresh tokens and tells every server process (NOTIFY) to drop what it remembered.
ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0;

CREATE FUNCTION users_bump_session_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
     OR NEW.roles IS DISTINCT FROM OLD.roles
     OR NEW.type IS DISTINCT FROM OLD.type
     OR NEW.email IS DISTINCT FROM OLD.email
     OR NEW.enabled IS DISTINCT FROM OLD.enabled
     OR NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    NEW.session_version := OLD.session_version + 1;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_bump_session_version BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_bump_session_version();

-- The session that set a new password (a reset) names its own refresh-token family in the transaction
-- setting `app.keep_family`: it goes on, every other session of the user ends.
CREATE FUNCTION users_end_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE refresh_tokens SET revoked_at = now()
   WHERE user_id = NEW.id AND revoked_at IS NULL
     AND family IS DISTINCT FROM nullif(current_setting('app.keep_family', true), '');
  PERFORM pg_notify('session_versions', NEW.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER users_end_sessions AFTER UPDATE ON users
  FOR EACH ROW WHEN (NEW.session_version IS DISTINCT FROM OLD.session_version)
  EXECUTE FUNCTION users_end_sessions();

CREATE FUNCTION users_forget_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_versions', OLD.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER users_forget_sessions AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_forget_sessions();

-- An access right granted or withdrawn changes what the user's tokens stand for.
CREATE FUNCTION access_rights_bump_session_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET session_version = session_version + 1
   WHERE id IN (SELECT user_id FROM changed_rows);
  RETURN NULL;
END $$;
CREATE TRIGGER user_access_rights_granted AFTER INSERT ON user_access_rights
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION access_rights_bump_session_version();
CREATE TRIGGER user_access_rights_withdrawn AFTER DELETE ON user_access_rights
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION access_rights_bump_session_version();

-- A code belongs to the restricted session it was sent for: the session ends with it.
ALTER TABLE auth_codes ADD COLUMN family text;
CREATE INDEX auth_codes_family_idx ON auth_codes (family);
