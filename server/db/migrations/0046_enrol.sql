-- A rule enrols the members who hold its tag or its skill: one with neither would name nobody, or, read
-- another way, everybody. Held by the database too, so that no write path (a seed, an import) leaves one.
ALTER TABLE enrolment_rules ADD CONSTRAINT enrolment_rules_audience CHECK (tag_id IS NOT NULL OR skill_id IS NOT NULL);
