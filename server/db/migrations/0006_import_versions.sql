-- XMind imports as versions of the knowledge base (issue 15). Activation swaps the active version's root
-- folder into the tree of "Racine" (id 1) in one transaction; this index makes "one active version" a fact
-- of the database rather than of the code, so two activations racing cannot both win.
CREATE UNIQUE INDEX imports_one_active_idx ON imports ((true)) WHERE status = 'active';
