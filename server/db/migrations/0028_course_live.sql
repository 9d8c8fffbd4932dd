-- Draft and live: a published course's live version, what learners get, beside the draft the authors edit
-- (the tables). One row a node of the live tree, its learner-visible columns kept whole in `fields` (a row
-- of its table as jsonb); the level, container, position and release date beside them for the learners'
-- reads. Written by publishing, read by the learners' views; the SQL that does both is derived from the
-- domain at start-up (liveVersion.ts).
CREATE TABLE course_live (
  course_id integer PRIMARY KEY REFERENCES courses (id) ON DELETE CASCADE,
  version integer NOT NULL DEFAULT 1,
  published_at timestamptz NOT NULL DEFAULT now(),
  published_by_id integer REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX course_live_published_by_idx ON course_live (published_by_id);

CREATE TABLE course_live_nodes (
  course_id integer NOT NULL REFERENCES course_live (course_id) ON DELETE CASCADE,
  level text NOT NULL,
  id integer NOT NULL,
  parent_id integer NOT NULL,
  position integer NOT NULL,
  release_at timestamptz,
  fields jsonb NOT NULL,
  PRIMARY KEY (course_id, level, id)
);
CREATE INDEX course_live_nodes_node_idx ON course_live_nodes (level, id);
CREATE INDEX course_live_nodes_parent_idx ON course_live_nodes (course_id, level, parent_id, position);

-- Since when a node is in the draft; NULL once removed from a published course's draft: kept, hidden from the
-- authors, until a publish makes the removal live (then kept for the learners' answers and progress that point
-- at it) or a discard undoes it.
ALTER TABLE modules ADD COLUMN in_draft_since timestamptz DEFAULT now();
ALTER TABLE chapters ADD COLUMN in_draft_since timestamptz DEFAULT now();
ALTER TABLE chapter_parts ADD COLUMN in_draft_since timestamptz DEFAULT now();
