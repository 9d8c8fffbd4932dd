-- The validations of a recertification's cycles, which a filter on `cycle` looks for as the proof of an
-- earlier certification. Only the later cycles: the first holds nearly every row, read through
-- (user_id, cycle), and indexing it would cost each everyday validation a write for no plan that uses it.
CREATE INDEX chapter_validations_later_cycle_idx ON chapter_validations (cycle, id) WHERE cycle > 1;
