-- A validation belongs to a cycle of its learner's participation in the chapter's course: after a
-- recertification the learner validates every chapter again, in the new cycle, and the validations of the
-- earlier cycles stay as the proof of the earlier certifications. Cycles are numbered from 1 per
-- participation; a validation made without a participation is of the first cycle. The number of a new
-- validation is the participation's current cycle, set by the database (server/learning/rulesSql.ts), so
-- that no write path (the API, an import, a seed) can file it elsewhere.
ALTER TABLE participations ADD COLUMN cycle integer NOT NULL DEFAULT 1 CHECK (cycle >= 1);
ALTER TABLE participation_cycles ADD COLUMN cycle integer CHECK (cycle >= 1);
ALTER TABLE chapter_validations ADD COLUMN cycle integer CHECK (cycle >= 1);

-- The cycles kept so far, in the order they started; the current one follows them.
UPDATE participation_cycles pc SET cycle = n.cycle
  FROM (SELECT id, row_number() OVER (PARTITION BY participation_id ORDER BY started_at NULLS FIRST, completed_at, id)::int AS cycle
          FROM participation_cycles) n
 WHERE n.id = pc.id;
UPDATE participations p SET cycle = 1 + (SELECT count(*)::int FROM participation_cycles pc WHERE pc.participation_id = p.id)
 WHERE EXISTS (SELECT 1 FROM participation_cycles pc WHERE pc.participation_id = p.id);
ALTER TABLE participation_cycles ALTER COLUMN cycle SET NOT NULL;

-- A validation is of the last cycle started when it was made: the cycles kept after the first started at
-- their `started_at`, the current one at the participation's `cycle_started_at`.
UPDATE chapter_validations v SET cycle = coalesce((
  SELECT 1 + (SELECT count(*)::int FROM participation_cycles pc
               WHERE pc.participation_id = p.id AND pc.cycle > 1 AND pc.started_at <= v.validated_at)
           + CASE WHEN p.cycle > 1 AND p.cycle_started_at <= v.validated_at THEN 1 ELSE 0 END
    FROM participations p JOIN modules m ON m.course_id = p.course_id JOIN chapters ch ON ch.module_id = m.id
   WHERE ch.id = v.chapter_id AND p.user_id = v.user_id), 1);
ALTER TABLE chapter_validations ALTER COLUMN cycle SET NOT NULL;

ALTER TABLE chapter_validations DROP CONSTRAINT chapter_validations_chapter_id_user_id_key;
ALTER TABLE chapter_validations
  ADD CONSTRAINT chapter_validations_chapter_user_cycle_key UNIQUE (chapter_id, user_id, cycle);
-- A learner's validations of a cycle, as progress counts them.
CREATE INDEX chapter_validations_user_cycle_idx ON chapter_validations (user_id, cycle);
