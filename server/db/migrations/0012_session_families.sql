-- A session is a refresh-token family; its access tokens follow it, on every server process.

-- A family revoked (a refresh token presented twice, a code spent...) ends its access tokens at once: every
-- process drops what it remembered of the user (server/auth/sessionVersions.ts) and reads the revoked
-- families again. Rotations (used_at) say nothing.
CREATE FUNCTION refresh_tokens_notify_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_versions', revoked.user_id::text)
     FROM (SELECT DISTINCT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE o.revoked_at IS NULL AND n.revoked_at IS NOT NULL) AS revoked;
  RETURN NULL;
END $$;
CREATE TRIGGER refresh_tokens_notify_revoked AFTER UPDATE ON refresh_tokens
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_tokens_notify_revoked();

-- The session that changed a password (it names its family in `app.keep_family`, see 0003) goes on: its
-- refresh tokens were kept, and here its access tokens issued at the versions from `from_version` on stand
-- at `to_version` too. A second change from the same session extends the same row. Kept as long as an
-- access token of the old version can live (swept with the expired bounds).
CREATE TABLE session_carries (
  family text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  from_version integer NOT NULL,
  to_version integer NOT NULL,
  carried_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_carries_user_idx ON session_carries (user_id);
CREATE INDEX session_carries_carried_at_idx ON session_carries (carried_at);

CREATE OR REPLACE FUNCTION users_end_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept text := nullif(current_setting('app.keep_family', true), '');
BEGIN
  UPDATE refresh_tokens SET revoked_at = now()
   WHERE user_id = NEW.id AND revoked_at IS NULL AND family IS DISTINCT FROM kept;
  IF kept IS NOT NULL AND EXISTS (SELECT 1 FROM refresh_tokens WHERE family = kept AND user_id = NEW.id AND revoked_at IS NULL) THEN
    INSERT INTO session_carries AS c (family, user_id, from_version, to_version)
    VALUES (kept, NEW.id, OLD.session_version, NEW.session_version)
    ON CONFLICT (family) DO UPDATE SET
      from_version = CASE WHEN c.to_version = excluded.from_version THEN c.from_version ELSE excluded.from_version END,
      to_version = excluded.to_version,
      carried_at = now();
  END IF;
  PERFORM pg_notify('session_versions', NEW.id::text);
  RETURN NULL;
END $$;
