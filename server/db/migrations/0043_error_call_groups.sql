-- The incident list groups its repeats: one row per failure (structure, route template, method, status), with
-- how many times it happened and when first and last, instead of one row per report. Refusals the user can
-- fix (src/domain/errorCalls.ts) are only counted, one row per day in the structure's time zone (`day` set):
-- no details, no one named. The key holds unknown parts (an anonymous report, a path no route serves) as
-- equal, so that every report finds its one row.
ALTER TABLE error_calls
  ADD COLUMN route text,
  ADD COLUMN method text,
  ADD COLUMN day date,
  ADD COLUMN expected boolean NOT NULL GENERATED ALWAYS AS (day IS NOT NULL) STORED,
  ADD COLUMN occurrences integer NOT NULL DEFAULT 1 CHECK (occurrences > 0),
  ADD COLUMN first_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN last_at timestamptz NOT NULL DEFAULT now();

-- Existing reports: their route is their path with its numbers as `{id}`, and the refusals the user could fix
-- (409, 413, 415 and 422 at the time of writing) become their day's counts.
UPDATE error_calls SET
  route = regexp_replace(split_part(endpoint, '?', 1), '/[0-9]+(?=/|$)', '/{id}', 'g'),
  first_at = created_at,
  last_at = created_at,
  day = CASE WHEN status IN (409, 413, 415, 422, 429)
             THEN (created_at AT TIME ZONE coalesce((SELECT c.time_zone FROM companies c WHERE c.id = company_id), 'Europe/Paris'))::date
        END;

CREATE TEMPORARY TABLE error_call_groups ON COMMIT DROP AS
  SELECT max(id) AS keep, count(*)::integer AS occurrences, min(first_at) AS first_at, max(last_at) AS last_at
    FROM error_calls GROUP BY company_id, route, method, status, day;
DELETE FROM error_calls e WHERE NOT EXISTS (SELECT 1 FROM error_call_groups g WHERE g.keep = e.id);
UPDATE error_calls e SET occurrences = g.occurrences, first_at = g.first_at, last_at = g.last_at
  FROM error_call_groups g WHERE g.keep = e.id;
UPDATE error_calls SET details = NULL, url = NULL, endpoint = NULL, employee_id = NULL, occurred_at = NULL
 WHERE day IS NOT NULL;

CREATE UNIQUE INDEX error_calls_group_key ON error_calls (company_id, route, method, status, day) NULLS NOT DISTINCT;
CREATE INDEX error_calls_last_at_idx ON error_calls (last_at, id);
CREATE INDEX error_calls_occurrences_idx ON error_calls (occurrences, id);
CREATE INDEX error_calls_expected_idx ON error_calls (expected, last_at, id);
