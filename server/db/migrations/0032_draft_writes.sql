-- Draft and live: which published courses need their draft compared with their live version. Each write of a
-- course's draft records its transaction's id here (triggers derived at start-up, server/resources/draftWrites.ts);
-- a publish or a discard keeps the snapshot it read the draft in, and forgets the writes that snapshot sees. A
-- course is compared when a recorded write is not seen by its live version's snapshot. No foreign key: a writer
-- must not wait on its course's row (a discard holds it while it waits on the nodes' rows); the writes of a
-- course deleted for good are forgotten by the hourly purge. Existing live versions keep no snapshot: compared,
-- until their next publish.
CREATE TABLE course_draft_writes (
  course_id integer NOT NULL,
  xid xid8 NOT NULL,
  PRIMARY KEY (course_id, xid)
);
ALTER TABLE course_live ADD COLUMN draft_snapshot pg_snapshot;
