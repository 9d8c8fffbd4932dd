-- Who has a ticket's panel open and who is typing a reply in it, shared by every server process: a row per
-- agent and ticket, alive until `expires_at` (each open panel pushes it back now and then), typing until
-- `typing_until`. Rows past their expiry mean nothing (reads skip them) and are swept. Row-level security
-- follows the ticket's (server/resources/tenancyPolicies.ts): a row belongs to its ticket alone, so `user_id`
-- has no foreign key; a deleted user's row lapses with its expiry, and reads skip a user no longer there.
CREATE TABLE ticket_presence (
  ticket_id integer NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  expires_at timestamptz NOT NULL,
  typing_until timestamptz,
  PRIMARY KEY (ticket_id, user_id)
);
CREATE INDEX ticket_presence_expires_at_idx ON ticket_presence (expires_at);
CREATE INDEX ticket_presence_user_idx ON ticket_presence (user_id);

-- The presence signals' own per-user budget (the same algorithm as write_budgets, migration 0013): a panel
-- left open spends from it, never from its user's writes.
CREATE TABLE presence_budgets (
  user_id integer PRIMARY KEY,
  paid_until timestamptz NOT NULL,
  granted boolean NOT NULL
);
CREATE INDEX presence_budgets_paid_until_idx ON presence_budgets (paid_until);
