-- Draft and live: the course's own learner-visible fields (src/domain/courseVersions.ts LIVE_COURSE) in its live
-- version, as a jsonb row of `courses`, written by publishing beside the nodes'. Filled at start-up for the live
-- versions written before (liveVersion.ts), from the draft learners had until now.
ALTER TABLE course_live ADD COLUMN fields jsonb;
