import { ident } from '../shared/sql.ts';
import { containersSql, type TreeLevel } from './courseTreeSql.ts';

/*
 * Which published courses need their draft compared with their live version: those written since. Each write
 * of a course's draft records its transaction's id (`DRAFT_WRITES_TABLE`, one row a course and transaction, an
 * insert: no shared row is locked, so no writer waits on a publish or the reverse). A publish (and a discard)
 * keeps, beside the live version, the snapshot it read the draft in (`DRAFT_SNAPSHOT_COLUMN`). A write whose
 * transaction that snapshot does not see (running then, or later) may be missing from the live version: the
 * course is compared. Exact whatever the commit order, which a flag set by the writes and cleared by the
 * publish is not (a write committing after the publish read the tree would find its flag cleared).
 */

/** The recorded writes: (course, transaction id). */
export const DRAFT_WRITES_TABLE = 'course_draft_writes';
/** The `course_live` column: the snapshot its live version (or its last discard) read the draft in. */
export const DRAFT_SNAPSHOT_COLUMN = 'draft_snapshot';

/**
 * The start-up function forgetting the recorded writes of courses deleted for good (one in the recycle bin
 * is no row either: put back, its nodes' inserts record it again). Run by the hourly purge.
 */
export const FORGET_DELETED_FUNCTION = 'public.forget_deleted_courses_draft_writes';

/**
 * SQL: the courses of the rows of `rows` (a transition table of level `index`), through their containers. A
 * container already deleted (a cascade) names none: its own delete records the course.
 */
function coursesOfRowsSql(levels: readonly TreeLevel[], index: number, rows: string): string {
  const { joins, course } = containersSql(levels, index, 'r', 'public.');
  return `SELECT ${course} FROM ${rows} r ${joins}`;
}

/**
 * SQL: whether the course `course`'s live version `live` (a row of `course_live`) may lack a write of its
 * draft: no snapshot kept (a version from before), or a recorded write that snapshot does not see.
 */
export const writtenSinceLiveSql = (live: string, course: string) =>
  `(${live}.${DRAFT_SNAPSHOT_COLUMN} IS NULL OR EXISTS (
     SELECT 1 FROM ${DRAFT_WRITES_TABLE} w
      WHERE w.course_id = ${course} AND NOT pg_visible_in_snapshot(w.xid, ${live}.${DRAFT_SNAPSHOT_COLUMN})))`;

/**
 * SQL: forgets the writes of the course `course` that the snapshot `snapshot` sees (they are in what was read
 * in it), and this transaction's own, which it reads too.
 */
export const forgetSeenWritesSql = (course: string, snapshot: string) =>
  `DELETE FROM ${DRAFT_WRITES_TABLE} w
    WHERE w.course_id = ${course} AND (pg_visible_in_snapshot(w.xid, ${snapshot}) OR w.xid = pg_current_xact_id())`;

/**
 * Start-up statements: a statement trigger a node table and event, and a row trigger on the course's own
 * learner-visible columns, each recording its transaction against the courses it wrote. The functions run as
 * the tables' owner (row-level security would hide a removed container, which still places its nodes in a
 * course), every name qualified, without a search path of their own.
 */
export function draftWriteStatements(
  levels: readonly TreeLevel[],
  course: { table: string; columns: readonly string[] },
): string[] {
  const writes = `public.${ident(DRAFT_WRITES_TABLE)}`;
  const record = (courses: string) =>
    `INSERT INTO ${writes} (course_id, xid) SELECT DISTINCT c, pg_catalog.pg_current_xact_id()
       FROM (${courses}) AS w (c) WHERE c IS NOT NULL ON CONFLICT DO NOTHING`;
  const nodes = levels.flatMap((level, index) => {
    const table = ident(level.table);
    const fn = `public.${ident(`record_draft_write_${level.table}`)}`;
    const of = (rows: string) => coursesOfRowsSql(levels, index, rows);
    return [
      `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${record(of('new_rows'))};
  ELSIF TG_OP = 'UPDATE' THEN
    ${record(`${of('old_rows')} UNION ${of('new_rows')}`)};
  ELSE
    ${record(of('old_rows'))};
  END IF;
  RETURN NULL;
END $fn$`,
      `DROP TRIGGER IF EXISTS draft_written_insert ON ${table}`,
      `CREATE TRIGGER draft_written_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      `DROP TRIGGER IF EXISTS draft_written_update ON ${table}`,
      `CREATE TRIGGER draft_written_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      `DROP TRIGGER IF EXISTS draft_written_delete ON ${table}`,
      `CREATE TRIGGER draft_written_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
         FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    ];
  });
  const courses = `public.${ident(course.table)}`;
  const columns = course.columns.map(ident);
  const own = [
    `CREATE OR REPLACE FUNCTION public.record_draft_write_course() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER AS $fn$
BEGIN
  ${record('SELECT NEW.id')};
  RETURN NULL;
END $fn$`,
    `DROP TRIGGER IF EXISTS draft_written_course ON ${courses}`,
    `CREATE TRIGGER draft_written_course AFTER UPDATE OF ${columns.join(', ')} ON ${courses} FOR EACH ROW
       WHEN (${columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ')})
       EXECUTE FUNCTION public.record_draft_write_course()`,
  ];
  // As the owner: row-level security shows a write only through its course, which a deleted one no longer has.
  const forget = `CREATE OR REPLACE FUNCTION ${FORGET_DELETED_FUNCTION}() RETURNS bigint
LANGUAGE sql SECURITY DEFINER AS $fn$
  WITH gone AS (
    DELETE FROM ${writes} w WHERE NOT EXISTS (SELECT 1 FROM ${courses} c WHERE c.id = w.course_id) RETURNING 1)
  SELECT count(*) FROM gone
$fn$`;
  return [...nodes, ...own, forget];
}
