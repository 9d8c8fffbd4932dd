-- Release dates: a module, chapter or part reaches learners from its date on; none, at once (the rule that
-- reads them, and the functions applying it, are derived from the domain at start-up: releases.ts).
ALTER TABLE modules ADD COLUMN release_at timestamptz;
ALTER TABLE chapters ADD COLUMN release_at timestamptz;
ALTER TABLE chapter_parts ADD COLUMN release_at timestamptz;

-- A structure's time zone, in which its people read and write those dates: an IANA name PostgreSQL knows.
-- The default is the domain's (DEFAULT_TIME_ZONE), set again from it at start-up.
ALTER TABLE companies ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Paris';

-- A CHECK may not read a catalogue view; a trigger may, and only when the zone is written. It reports
-- itself as the check it stands for, so that the API answers a 422 on the field.
CREATE FUNCTION companies_time_zone_known() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = NEW.time_zone) THEN
    RAISE EXCEPTION 'unknown time zone: %', NEW.time_zone
      USING ERRCODE = 'check_violation', CONSTRAINT = 'companies_time_zone_check';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER companies_time_zone_known BEFORE INSERT OR UPDATE OF time_zone ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_time_zone_known();
