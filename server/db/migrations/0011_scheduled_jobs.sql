-- Periodic work (sweeps, pruning) runs once across the server processes, not once in each: a job is a row,
-- and the process that claims it (UPDATE ... FOR UPDATE SKIP LOCKED, server/jobs/scheduler.ts) runs it while
-- its claim lasts, renewing the claim as it goes. A process that dies mid-job stops renewing: once the claim
-- has lapsed, another process takes the job again.
CREATE TABLE scheduled_jobs (
  name text PRIMARY KEY,
  every interval NOT NULL,
  due_at timestamptz NOT NULL,
  claimed_by text,
  claimed_until timestamptz,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  -- The last run's failure, NULL when it succeeded.
  last_error text
);
