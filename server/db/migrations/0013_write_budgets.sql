-- Every write a session makes (POST, PUT, PATCH, DELETE) spends from its user's budget, shared by every
-- server process: a burst, refilled at a steady rate (the generic cell rate algorithm). A person never
-- notices it; a script writing as fast as the server answers is held to the steady rate.
CREATE TABLE write_budgets (
  user_id integer PRIMARY KEY,
  -- When the writes made so far are paid back at the steady rate (GCRA's theoretical arrival time).
  paid_until timestamptz NOT NULL,
  -- Whether the last write was allowed.
  granted boolean NOT NULL
);
-- A budget paid back is the same as none: the rows are swept.
CREATE INDEX write_budgets_paid_until_idx ON write_budgets (paid_until);
