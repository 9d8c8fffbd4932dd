-- Bounds that hold whatever the number of server processes: the recent hits of each counted thing (a login,
-- a client address, an account, a route and address...) live here, not in a process's memory, so N processes
-- give an attacker exactly the budget one gives. A row is a sliding log: the instants of the hits still inside
-- the window, oldest first, never more than the bound. One INSERT ... ON CONFLICT DO UPDATE counts a hit under
-- the row's lock (server/bounds/counters.ts): hits sent in parallel, to any process, cannot share a slot.
CREATE TABLE rate_buckets (
  key text PRIMARY KEY,
  hits timestamptz[] NOT NULL,
  -- The bound and its window, as the last caller gave them.
  capacity integer NOT NULL,
  span interval NOT NULL,
  -- Whether the last hit was counted (false: the bound was reached, nothing was added).
  granted boolean NOT NULL,
  -- After this, every hit has left the window: the row can go (swept periodically).
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_buckets_expires_at_idx ON rate_buckets (expires_at);

-- The hits of a log still inside a window ending now, oldest first.
CREATE FUNCTION rate_hits_within(hits timestamptz[], span interval) RETURNS timestamptz[]
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN ARRAY(SELECT hit FROM unnest(hits) AS hit WHERE hit > now() - span ORDER BY hit);
