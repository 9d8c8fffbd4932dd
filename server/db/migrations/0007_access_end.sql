-- After an unsubscribe, a structure's access ends with the period it paid for. Nothing is written
-- at that instant, so the end is a date read at sign-in, at refresh and by the session check, never a flag.

-- When the structure's access ends (or ended): the end of its last period once it left, that is once no
-- subscription of it runs on (neither canceled nor leaving at its period's end). NULL while one runs on, and
-- for a structure that never had a plan (created by staff before onboarding existed).
CREATE FUNCTION company_access_ends_at(company integer) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT max(s.current_period_end)
    FROM subscriptions s
   WHERE s.company_id = company
     AND (s.status = 'canceled' OR s.cancel_at_period_end)
     AND NOT EXISTS (SELECT 1 FROM subscriptions l
                      WHERE l.company_id = company AND l.status <> 'canceled' AND NOT l.cancel_at_period_end)
$$;

-- A plan chosen, paid or left moves the access end of every user of the structure: each server process
-- drops what it remembered of users' standing (server/auth/sessionVersions.ts), on the channel that already
-- carries the session versions. One notification per structure, however many users it has.
CREATE FUNCTION subscriptions_notify_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_versions', 'company:' || COALESCE(NEW.company_id, OLD.company_id));
  RETURN NULL;
END $$;
CREATE TRIGGER subscriptions_notify_access AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscriptions_notify_access();

-- The access end reads a structure's subscriptions, canceled ones included, which the partial unique index
-- of 0006 leaves out; the companies' cascade on delete walks them by structure too.
CREATE INDEX subscriptions_company_idx ON subscriptions (company_id);
