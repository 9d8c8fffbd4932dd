-- Search everywhere reads words typed without accents or case. Two text search configurations over the
-- unaccent dictionary (a contrib extension, on PGlite and on PostgreSQL alike): `search_fr` folds accents
-- then stems French words ("Sécurité" and "securite" both give "secur"); `search_simple` folds accents and
-- case only, so that the word being typed matches as a prefix of the whole word ("secu" of "securite"),
-- which a stem may not be. to_tsvector with a named configuration is immutable: the full-text column each
-- searched table gets at start-up (server/resources/searchSchema.ts, from src/domain/search.ts) is a
-- generated column over it, with no wrapper function needed.
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TEXT SEARCH CONFIGURATION search_fr (COPY = pg_catalog.french);
ALTER TEXT SEARCH CONFIGURATION search_fr
  ALTER MAPPING FOR word, hword, hword_part, asciiword, asciihword, hword_asciipart WITH unaccent, french_stem;

CREATE TEXT SEARCH CONFIGURATION search_simple (COPY = pg_catalog.simple);
ALTER TEXT SEARCH CONFIGURATION search_simple
  ALTER MAPPING FOR word, hword, hword_part, asciiword, asciihword, hword_asciipart WITH unaccent, simple;
