-- The live event streams open right now, one row a stream, over every server process: a user may hold only
-- so many at once (server/live/streamSlots.ts). The process that serves a stream renews its row while it is
-- open and deletes it when it ends; the row of a process that died is no longer counted once it has not been
-- renewed for a while, and is deleted by the next stream its user opens.
CREATE TABLE live_streams (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_streams_user_idx ON live_streams (user_id, seen_at);
