-- Macros: a canned reply may also set the ticket it answers (its status, priority, assignee, and a follow-up
-- date some days ahead), applied with the reply in one transaction (PUT /api/tickets/{id}/add-message with
-- `cannedReply`). Each is optional: NULL leaves the ticket's value as it is. The enumerations' checks are
-- derived at start-up from the domain, as for every enumerated column.
ALTER TABLE canned_replies
  ADD COLUMN status text,
  ADD COLUMN priority text,
  ADD COLUMN assignee_id integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN follow_up_days integer CHECK (follow_up_days BETWEEN 1 AND 365);
CREATE INDEX canned_replies_assignee_idx ON canned_replies (assignee_id);
