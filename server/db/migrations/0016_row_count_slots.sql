-- A table's count was one row of row_counts that every write of the table moved: concurrent writers of one
-- table (notes on tickets, from every server process) queued on that row's lock until each other's commit,
-- so that more processes meant more waiting, more lock traffic and more CPU per write. The count is now
-- spread over slots, one per connection (its backend's pid modulo the slot count): two writers meet on a
-- slot only by chance. A table's count and generation are the sums of its slots (the view row_totals);
-- each slot's generation only grows, so their sum moves on every write as before.
ALTER TABLE row_counts ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE row_counts DROP CONSTRAINT row_counts_pkey;
ALTER TABLE row_counts ADD PRIMARY KEY (table_name, slot);

CREATE FUNCTION row_count_slot() RETURNS smallint LANGUAGE sql STABLE AS $$ SELECT (pg_backend_pid() % 64)::smallint $$;

CREATE VIEW row_totals AS
  SELECT table_name, sum(n)::bigint AS n, sum(generation)::bigint AS generation FROM row_counts GROUP BY table_name;

CREATE OR REPLACE FUNCTION track_row_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  INSERT INTO row_counts AS c (table_name, slot, n, generation) VALUES (TG_TABLE_NAME, row_count_slot(), delta, 1)
  ON CONFLICT (table_name, slot) DO UPDATE SET n = c.n + EXCLUDED.n, generation = c.generation + 1;
  RETURN NULL;
END $$;

-- Emptied: one slot holds the count (0) and a generation past the sum of all of them.
CREATE OR REPLACE FUNCTION reset_row_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(generation), 0) INTO total FROM row_counts WHERE table_name = TG_TABLE_NAME;
  DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
  INSERT INTO row_counts (table_name, slot, n, generation) VALUES (TG_TABLE_NAME, 0, 0, total + 1);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION touch_owner_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts AS c (table_name, slot, n, generation) VALUES (TG_ARGV[0], row_count_slot(), 0, 1)
  ON CONFLICT (table_name, slot) DO UPDATE SET generation = c.generation + 1;
  RETURN NULL;
END $$;
