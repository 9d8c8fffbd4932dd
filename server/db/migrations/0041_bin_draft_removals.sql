-- Draft and live: a node removed from a published course's draft stays in its table, marked removed, for the
-- learners who still have it. Its bin item keeps no snapshot of the node (the row is still there): only the
-- relations the removal took (tags, prerequisites) in `rows`. A restore clears the mark and puts those back; an
-- erase leaves the marked row to the periodic purge of retired nodes, which leaves alone a node whose removal
-- is still in the bin.
ALTER TABLE recycle_bin ADD COLUMN removal boolean NOT NULL DEFAULT false;
-- The purge's and the discard's question: is this node's removal in the bin?
CREATE INDEX recycle_bin_removal_idx ON recycle_bin (resource, record_id) WHERE removal;
