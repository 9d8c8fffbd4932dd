-- The retention job (server/jobs/retention.ts) expires old audit entries, which the server's role may not
-- delete: this function does it for it, in batches, never younger than the floor the configuration
-- enforces (AUDIT_RETENTION_FLOOR_DAYS in src/domain/retention.ts), so no call of the server can shorten
-- the audit trail below it. A change's rows go with their entry (ON DELETE CASCADE).
CREATE FUNCTION expire_audit_entries(keep_days integer, batch integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  expired integer;
BEGIN
  IF keep_days IS NULL OR keep_days < 180 THEN
    RAISE EXCEPTION 'The audit log is kept at least 180 days, not %.', keep_days USING ERRCODE = '22023';
  END IF;
  DELETE FROM public.audit_log
   WHERE id IN (SELECT id FROM public.audit_log
                 WHERE created_at < now() - make_interval(days => keep_days)
                 ORDER BY created_at, id LIMIT batch);
  GET DIAGNOSTICS expired = ROW_COUNT;
  RETURN expired;
END $$;

-- A user's mentions are theirs alone under row-level security, which the job's platform scope does not
-- lift: the database expires them for it, by age only.
CREATE FUNCTION expire_mention_notifications(keep_days integer, batch integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  expired integer;
BEGIN
  DELETE FROM public.mention_notifications
   WHERE id IN (SELECT id FROM public.mention_notifications
                 WHERE created_at < now() - make_interval(days => keep_days)
                 ORDER BY created_at, id LIMIT batch);
  GET DIAGNOSTICS expired = ROW_COUNT;
  RETURN expired;
END $$;

-- The mails' record and the mentions are found by age.
CREATE INDEX ticket_notifications_created_at_idx ON ticket_notifications (created_at, id);
CREATE INDEX mention_notifications_created_at_idx ON mention_notifications (created_at, id);
