-- Search finds parts of words ("securite" in "cybersécurité"): beside each searched table's full-text column,
-- its naming fields folded to lower case without accents, under a trigram index (pg_trgm, migration 0001,
-- which PGlite loads too). The column is generated at start-up (server/resources/searchSchema.ts); a
-- generated column needs an immutable expression, and unaccent() is only stable because its dictionary
-- could change: this wrapper names the dictionary and is declared immutable, on the understanding that the
-- unaccent rules are never edited in place (a change would need the columns rebuilt).
CREATE FUNCTION search_fold(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1));

-- The lists' `q` filter reads each table's `search` column as a part of its text: that column too is now
-- folded without accents (it was lower case only), its trigram index rebuilt with it. Its expression stays
-- the one each table's migration wrote, folded.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT c.relname AS name, pg_get_expr(d.adbin, d.adrelid) AS expression
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attname = 'search' AND a.attgenerated = 's' AND NOT a.attisdropped
       AND c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
  LOOP
    EXECUTE format('ALTER TABLE %I DROP COLUMN search', r.name);
    EXECUTE format('ALTER TABLE %I ADD COLUMN search text GENERATED ALWAYS AS (search_fold(%s)) STORED', r.name, r.expression);
    EXECUTE format('CREATE INDEX %I ON %I USING gin (search gin_trgm_ops)', r.name || '_search_idx', r.name);
  END LOOP;
END $$;
