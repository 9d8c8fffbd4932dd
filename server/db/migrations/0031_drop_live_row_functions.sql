-- Draft and live: the live rows were first read through one function a table (live_<table>(course[, node])).
-- The learners' routes now read the live nodes' shown columns directly, so those functions are gone; a
-- database started on the earlier build still holds them.
DROP FUNCTION IF EXISTS live_modules(integer);
DROP FUNCTION IF EXISTS live_modules(integer, integer);
DROP FUNCTION IF EXISTS live_chapters(integer);
DROP FUNCTION IF EXISTS live_chapters(integer, integer);
DROP FUNCTION IF EXISTS live_chapter_parts(integer);
DROP FUNCTION IF EXISTS live_chapter_parts(integer, integer);
