import {
  DRAFT_NODE_KEYS,
  LIVE_COURSE,
  LIVE_LEVELS,
  LIVE_STATUS,
  POSITION_FIELD,
  type DraftState,
  type LiveResource,
} from '../../src/domain/courseVersions.ts';
import { RELEASE_FIELD } from '../../src/domain/releases.ts';
import type { AuditAction } from '../../src/domain/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { ident, literal } from '../shared/sql.ts';
import { COURSE_DRAFT_CHANGED_FUNCTION } from './courseDraftChanged.ts';
import { containersSql } from './courseTreeSql.ts';
import {
  DRAFT_SNAPSHOT_COLUMN,
  draftWriteStatements,
  FORGET_DELETED_FUNCTION,
  forgetSeenWritesSql,
  writtenSinceLiveSql,
} from './draftWrites.ts';
import { declarations, declarationsByName } from './definitions/index.ts';
import { learnerReleasedFunction, ownReleaseCondition, RELEASE_COLUMN, releasedFunction } from './releases.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';
import { movedNodes, type DifferenceRow } from './movedNodes.ts';

/**
 * The live version of src/domain/courseVersions.ts as SQL. `course_live_nodes` holds one row a node of a
 * published course's live tree: its container, position and release date as columns (what the learners'
 * views filter and order by), its other learner-visible columns in `fields`. From the domain's levels, at
 * start-up: `released_live_<table>(course, node)` the release rule on the live nodes, `live_course(course)` the
 * course as learners have it, and
 * `publish_course_live(course)` writes a course's live version from its draft, run by a trigger whenever a
 * course becomes published or is published again (whichever call does it), and taken away when it goes back
 * to draft. A removed node is marked (`in_draft_since` cleared) and hidden by row-level security, unless the transaction
 * asks to see them (publish and discard do). The learners' views read the live nodes through `liveNodesSql`,
 * only the columns they show.
 */

const RESTORE_ACTION: AuditAction = 'restore';

/**
 * The column saying since when a node is in the draft; NULL once removed from it. Written this way round (not
 * a "removed at" date) because a planner without statistics on the column takes `IS NOT NULL` as true of nearly
 * every row, and `IS NULL` of almost none: the hiding must not make it plan every read of the tree for one row.
 */
export const DRAFT_COLUMN = 'in_draft_since';
/** SQL: whether the row `alias` is in the draft (not removed). */
export const inDraft = (alias?: string) => `${alias ? `${alias}.` : ''}${DRAFT_COLUMN} IS NOT NULL`;
/** SQL: whether the row `alias` was removed from the draft. */
export const removedFromDraft = (alias: string) => `${alias}.${DRAFT_COLUMN} IS NULL`;
/** The transaction's setting under which the removed nodes are seen (row-level security hides them otherwise). */
const SHOW_REMOVED_SETTING = 'app.removed_rows';

export const LIVE_NODES_TABLE = 'course_live_nodes';
export const LIVE_TABLE = 'course_live';

export interface Level {
  resource: LiveResource;
  table: string;
  /** The column naming the container (`course_id` for a module). */
  parent: string;
  /** The columns kept in `fields` (the release date, position and container have their own). */
  columns: string[];
}

const POSITION_COLUMN = POSITION_FIELD;

/** A resource's declaration and the column of each of its fields a live version keeps (at start-up: a typo fails it). */
function declaredColumns(resource: string) {
  const declaration = declarationsByName.get(resource);
  if (!declaration) throw new Error(`No resource ${resource}.`);
  const column = (field: string) => {
    const declared = declaration.fields[field];
    if (!declared) throw new Error(`${resource} lacks the field ${field}.`);
    return columnOf(field, declared);
  };
  return { declaration, column };
}

function levelOf(entry: (typeof LIVE_LEVELS)[number]): Level {
  const { declaration, column } = declaredColumns(entry.resource);
  if (!declaration.fields[POSITION_FIELD]) throw new Error(`${entry.resource} lacks the field ${POSITION_FIELD}.`);
  return {
    resource: entry.resource,
    table: declaration.table,
    parent: column(entry.container),
    columns: entry.fields.filter((field) => field !== RELEASE_FIELD).map(column),
  };
}

/** The course's own learner-visible columns, kept in `course_live.fields`. */
interface CourseLevel {
  table: string;
  columns: string[];
}

function courseLevelOf(): CourseLevel {
  const { declaration, column } = declaredColumns(LIVE_COURSE.resource);
  return { table: declaration.table, columns: LIVE_COURSE.fields.map(column) };
}

let resolvedCourse: CourseLevel | undefined;
/** The course's live columns, read from the declarations when first asked. */
const liveCourse = (): CourseLevel => (resolvedCourse ??= courseLevelOf());

/** A course's row (alias `alias`) as `course_live.fields` keeps it: its learner-visible columns. */
const courseFieldsSql = (alias: string) =>
  `jsonb_build_object(${liveCourse()
    .columns.map((column) => `${literal(column)}, ${alias}.${ident(column)}`)
    .join(', ')})`;

/**
 * SQL: whether the course row `alias` differs from its live version `live` (a row of `course_live`). A live
 * version kept before its fields were (NULL: put back from an older recycle bin) reads as the draft's.
 */
const courseChangedSql = (alias: string, live: string) =>
  `(${live}.fields IS NOT NULL AND ${live}.fields <> ${courseFieldsSql(alias)})`;

/** The SQL function giving a course as its live version has it: a row of its table, its live fields over the draft's. */
export const LIVE_COURSE_FUNCTION = 'live_course';

let resolved: readonly Level[] | undefined;
/** The levels with their tables and columns, read from the declarations when first asked (they import this file). */
export const liveLevels = (): readonly Level[] => (resolved ??= LIVE_LEVELS.map(levelOf));

const releasedLiveFunction = (level: Level) => `released_live_${level.table}`;

/** A node's row (alias `alias`) as `fields` keeps it: its id, its structure and its learner-visible columns. */
const fieldsSql = (level: Level, alias: string) =>
  `jsonb_build_object('id', ${alias}.id, 'company_id', ${alias}.company_id${level.columns
    .map((column) => `, ${literal(column)}, ${alias}.${ident(column)}`)
    .join('')})`;

/** Whether the row `alias` of a level is exactly its live node `node` (the same container, place, date, fields). */
const sameAsLive = (level: Level, alias: string, node: string) =>
  `(${node}.parent_id = ${alias}.${ident(level.parent)} AND ${node}.position = ${alias}.${ident(POSITION_COLUMN)}
    AND ${node}.${ident(RELEASE_COLUMN)} IS NOT DISTINCT FROM ${alias}.${ident(RELEASE_COLUMN)}
    AND ${node}.fields = ${fieldsSql(level, alias)})`;

/**
 * The draft's nodes of a level in the course `course` (SQL), as `FROM … WHERE …` with the node as `x`: those
 * not removed, in containers not removed.
 */
export function draftNodesSql(index: number, course: string): string {
  const { joins, containers, course: courseOf } = containersSql(liveLevels(), index, 'x');
  const conditions = [inDraft('x'), ...containers.map(inDraft), `${courseOf} = ${course}`];
  return `FROM ${ident(liveLevels()[index].table)} x ${joins} WHERE ${conditions.join(' AND ')}`;
}

/** Whether a node (alias `alias`), or anything inside it, is live anywhere or already removed. */
function everSeenSql(index: number, alias: string): string {
  const level = liveLevels()[index];
  const live = `EXISTS (SELECT 1 FROM ${LIVE_NODES_TABLE} n WHERE n.level = ${literal(level.resource)} AND n.id = ${alias}.id)`;
  const inner = liveLevels()[index + 1];
  if (!inner) return live;
  const child = `c${index + 1}`;
  return `(${live} OR EXISTS (SELECT 1 FROM ${ident(inner.table)} ${child} WHERE ${child}.${ident(inner.parent)} = ${alias}.id
    AND (${removedFromDraft(child)} OR ${everSeenSql(index + 1, child)})))`;
}

/** The statement that shows (or hides again) the removed nodes for the rest of the transaction. */
export const showRemovedSql = (shown: boolean) =>
  `SELECT set_config(${literal(SHOW_REMOVED_SETTING)}, ${literal(shown ? 'on' : '')}, true)`;

/**
 * Row-level security's condition hiding removed nodes (a restrictive policy on each level's table). The
 * setting is read in a sub-select, which the planner runs once a statement (an init plan) rather than once a
 * row: an outline reads thousands.
 */
export const presentRowsSql = `(${inDraft()} OR (SELECT current_setting(${literal(SHOW_REMOVED_SETTING)}, true)) = 'on')`;

/**
 * SQL: a level's live nodes of the course `course` (an SQL expression) as a `SELECT` whose rows have the level's
 * table's columns `id`, its container's, `position` and the release date, and the asked `columns` (kept in
 * `fields`, typed as the table has them), or every column of the table (`'row'`, for one node: what the
 * engine's conditions on it may name): the nodes inside `where.container`, or the node `where.id`. Only the
 * asked fields are taken out of each node's jsonb (a part's content stays there when only its title is
 * read), and the nodes of a container are found by the index on (course, level, container, position).
 * `asJson`: the asked columns as their jsonb values, not typed, for a view that only puts them into JSON (where
 * they come out as the table's values would): no row of the table is built, the cheapest read of all.
 */
export function liveNodesSql(
  level: Level,
  course: string,
  where: { container: string } | { id: string },
  columns: readonly string[] | 'row',
  asJson = false,
): string {
  const node = 'container' in where ? `n.parent_id = ${where.container}` : `n.id = ${where.id}`;
  const filter = `WHERE n.course_id = ${course} AND n.level = ${literal(level.resource)} AND ${node}`;
  const placed = `${literal(level.parent)}, n.parent_id, ${literal(POSITION_COLUMN)}, n.${ident(POSITION_COLUMN)}, ${literal(
    RELEASE_COLUMN,
  )}, n.${ident(RELEASE_COLUMN)}`;
  if (columns === 'row')
    return `SELECT r.* FROM ${LIVE_NODES_TABLE} n,
         jsonb_populate_record(NULL::${ident(level.table)}, n.fields || jsonb_build_object(${placed})) r ${filter}`;
  for (const column of columns)
    if (!level.columns.includes(column)) throw new Error(`${level.table}.${column} has no live version.`);
  const record =
    columns.length && !asJson
      ? `, jsonb_populate_record(NULL::${ident(level.table)}, jsonb_build_object(${columns
          .map((column) => `${literal(column)}, n.fields -> ${literal(column)}`)
          .join(', ')})) r`
      : '';
  const value = (column: string) =>
    asJson ? `n.fields -> ${literal(column)} AS ${ident(column)}` : `r.${ident(column)}`;
  return `SELECT n.id, n.parent_id AS ${ident(level.parent)}, n.${ident(POSITION_COLUMN)},
         n.${ident(RELEASE_COLUMN)}${columns.map((column) => `, ${value(column)}`).join('')}
    FROM ${LIVE_NODES_TABLE} n${record} ${filter}`;
}

/** Start-up statements: the live course's and release functions, the publishing function and its triggers. */
export function liveVersionStatements(): string[] {
  const courses = ident(declarationsByName.get('courses')!.table);
  const released = liveLevels().map((level, index) => {
    const container =
      index > 0 ? ` AND ${releasedLiveFunction(liveLevels()[index - 1])}(course, t.parent_id, moment)` : '';
    return `CREATE OR REPLACE FUNCTION ${releasedLiveFunction(level)}(course integer, node integer, moment timestamptz DEFAULT now())
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT ${ownReleaseCondition('t', 'moment')}${container}
                     FROM ${LIVE_NODES_TABLE} t WHERE t.course_id = course AND t.level = ${literal(level.resource)} AND t.id = node), false)
$$`;
  });
  const learner = liveLevels().map(
    (level, index) => `CREATE OR REPLACE FUNCTION ${learnerReleasedFunction(level.resource)}(node integer)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM ${LIVE_NODES_TABLE} n WHERE n.level = ${literal(level.resource)} AND n.id = node)
    THEN EXISTS (SELECT 1 FROM ${LIVE_NODES_TABLE} n
                  WHERE n.level = ${literal(level.resource)} AND n.id = node AND ${releasedLiveFunction(level)}(n.course_id, node))
    ELSE ${releasedFunction(level.resource)}(node) AND NOT EXISTS (
      SELECT 1 ${draftNodesSql(index, `ANY (SELECT l.course_id FROM ${LIVE_TABLE} l)`)} AND x.id = node)
  END
$$`,
  );
  // A removed node is gone for the lists: their row counts (row_counts, the unfiltered totals) count the
  // present rows only, a mark counting as a delete and its undoing as an insert.
  const present = (rows: string) => `(SELECT count(*) FROM ${rows} WHERE ${inDraft()})`;
  const counts = [
    `CREATE OR REPLACE FUNCTION track_present_row_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN delta := ${present('new_rows')};
  ELSIF TG_OP = 'DELETE' THEN delta := -${present('old_rows')};
  ELSE delta := ${present('new_rows')} - ${present('old_rows')};
  END IF;
  INSERT INTO row_counts AS c (table_name, slot, n, generation) VALUES (TG_TABLE_NAME, row_count_slot(), delta, 1)
  ON CONFLICT (table_name, slot) DO UPDATE SET n = c.n + EXCLUDED.n, generation = c.generation + 1;
  RETURN NULL;
END $$`,
    ...liveLevels().flatMap(({ table }) => [
      `DROP TRIGGER IF EXISTS ${ident(`${table}_count_ins`)} ON ${ident(table)}`,
      `DROP TRIGGER IF EXISTS ${ident(`${table}_count_del`)} ON ${ident(table)}`,
      `DROP TRIGGER IF EXISTS ${ident(`${table}_count_upd`)} ON ${ident(table)}`,
      `CREATE TRIGGER ${ident(`${table}_count_ins`)} AFTER INSERT ON ${ident(table)}
         REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION track_present_row_counts()`,
      `CREATE TRIGGER ${ident(`${table}_count_del`)} AFTER DELETE ON ${ident(table)}
         REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION track_present_row_counts()`,
      `CREATE TRIGGER ${ident(`${table}_count_upd`)} AFTER UPDATE ON ${ident(table)}
         REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION track_present_row_counts()`,
      // The slots' sum is the count: one slot gets the difference (row_count_slots, migration 0016).
      `UPDATE row_counts SET n = n + (SELECT count(*) FROM ${ident(table)} WHERE ${inDraft()})
                                   - (SELECT sum(c.n) FROM row_counts c WHERE c.table_name = ${literal(table)}),
                             generation = generation + 1
        WHERE table_name = ${literal(table)} AND slot = (SELECT min(c.slot) FROM row_counts c WHERE c.table_name = ${literal(table)})`,
    ]),
  ];
  const course = liveCourse();
  const courseRows = [
    `CREATE OR REPLACE FUNCTION ${LIVE_COURSE_FUNCTION}(course integer)
RETURNS SETOF ${ident(course.table)} LANGUAGE sql STABLE AS $$
  SELECT r.* FROM ${ident(course.table)} c JOIN ${LIVE_TABLE} l ON l.course_id = c.id,
         jsonb_populate_record(c, l.fields) r
   WHERE c.id = course
$$`,
    // Live versions written before the course's own fields were versioned: the draft's, as learners had them.
    `UPDATE ${LIVE_TABLE} l SET fields = ${courseFieldsSql('c')} FROM ${ident(course.table)} c
      WHERE c.id = l.course_id AND l.fields IS NULL`,
  ];
  return [
    ...courseRows,
    ...counts,
    ...released,
    ...learner,
    `CREATE OR REPLACE FUNCTION publish_course_live(course integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  -- Taken before the draft is read, so it sees no more than the read: a write it does not see may be missing
  -- from this version, and stays recorded (draftWrites.ts).
  seen pg_snapshot := pg_current_snapshot();
BEGIN
  INSERT INTO ${LIVE_TABLE} (course_id, published_by_id, fields, ${DRAFT_SNAPSHOT_COLUMN})
    SELECT course, app_user_id(), ${courseFieldsSql('c')}, seen FROM ${courses} c WHERE c.id = course
    ON CONFLICT (course_id) DO UPDATE SET version = ${LIVE_TABLE}.version + 1, published_at = now(),
                                          published_by_id = EXCLUDED.published_by_id, fields = EXCLUDED.fields,
                                          ${DRAFT_SNAPSHOT_COLUMN} = EXCLUDED.${DRAFT_SNAPSHOT_COLUMN};
  DELETE FROM ${LIVE_NODES_TABLE} WHERE course_id = course;
  -- One statement, so one snapshot of the draft: a write landing meanwhile is in the whole tree or not at all.
  INSERT INTO ${LIVE_NODES_TABLE} (course_id, level, id, parent_id, position, ${ident(RELEASE_COLUMN)}, fields)
    SELECT course, d.level, d.id, d.parent_id, d.position, d.release_at, d.fields FROM (${draftTreeSql('course')}) AS d;
  ${forgetSeenWritesSql('course', 'seen')};
END $$`,
    `CREATE OR REPLACE FUNCTION courses_follow_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A course put back from the recycle bin gets its own live version back, from the bin too.
  IF TG_OP = 'INSERT' AND current_setting('app.action', true) = ${literal(RESTORE_ACTION)} THEN RETURN NULL; END IF;
  IF NEW.status = ${literal(LIVE_STATUS)} THEN PERFORM publish_course_live(NEW.id);
  ELSE DELETE FROM ${LIVE_TABLE} WHERE course_id = NEW.id;
  END IF;
  RETURN NULL;
END $$`,
    `DROP TRIGGER IF EXISTS courses_live_insert ON ${courses}`,
    `CREATE TRIGGER courses_live_insert AFTER INSERT ON ${courses} FOR EACH ROW
       WHEN (NEW.status = ${literal(LIVE_STATUS)}) EXECUTE FUNCTION courses_follow_live()`,
    `DROP TRIGGER IF EXISTS courses_live_update ON ${courses}`,
    `CREATE TRIGGER courses_live_update AFTER UPDATE OF status, published_at ON ${courses} FOR EACH ROW
       WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at)
       EXECUTE FUNCTION courses_follow_live()`,
    // Courses published before there was a live version, or written published by a seed: theirs now.
    PUBLISHED_WITHOUT_LIVE_SQL,
    ...draftWriteStatements(liveLevels(), liveCourse()),
    // Whether a course has unpublished changes: exactly what the outline's draft state calls `changed`, the
    // trees compared only when a write of the draft is not in the live version's snapshot.
    `CREATE OR REPLACE FUNCTION ${COURSE_DRAFT_CHANGED_FUNCTION}(course integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT CASE WHEN ${writtenSinceLiveSql('l', 'course')}
                               THEN ${courseChangedSql('c', 'l')} OR EXISTS (${draftDifferencesSql('course')})
                               ELSE false END
                     FROM ${LIVE_TABLE} l JOIN ${courses} c ON c.id = l.course_id WHERE l.course_id = course), false)
$$`,
  ];
}

/** Gives every published course without a live version one, from its draft. */
export const PUBLISHED_WITHOUT_LIVE_SQL = `SELECT publish_course_live(c.id) FROM courses c
  WHERE c.status = ${literal(LIVE_STATUS)} AND NOT EXISTS (SELECT 1 FROM ${LIVE_TABLE} l WHERE l.course_id = c.id)`;

/** SQL: whether the course `course` has a live version. */
export const hasLiveSql = (course: string) => `EXISTS (SELECT 1 FROM ${LIVE_TABLE} l WHERE l.course_id = ${course})`;

/** The level of a resource with a live version. */
export const liveLevelOf = (resource: string) => liveLevels().findIndex((level) => level.resource === resource);

/**
 * SQL: the course whose live version holds the node `id` (an SQL expression) of a level, if any (the latest
 * published, should two hold it), as `course`, and whether the node is released there now, as `released`.
 */
export function liveNodeSql(resource: LiveResource, id: string): string {
  const level = liveLevels()[liveLevelOf(resource)];
  return `SELECT n.course_id AS course, ${releasedLiveFunction(level)}(n.course_id, n.id) AS released
       FROM ${LIVE_NODES_TABLE} n JOIN ${LIVE_TABLE} l ON l.course_id = n.course_id
      WHERE n.level = ${literal(resource)} AND n.id = ${id} ORDER BY l.published_at DESC LIMIT 1`;
}

/** Of `ids`, the nodes of a level that a live version the session reads holds (none for another resource). */
export async function liveAmong(tx: Queryable, resource: string, ids: readonly number[]): Promise<number[]> {
  if (liveLevelOf(resource) < 0 || ids.length === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `SELECT DISTINCT n.id FROM ${LIVE_NODES_TABLE} n WHERE n.level = $1 AND n.id = ANY($2::int4[])`,
    [resource, ids],
  );
  return rows.map((row) => Number(row.id));
}

/** The rows of join tables a removal took with it, kept by its bin item and put back by its restore. */
export interface RemovedRelations {
  table: string;
  rows: Record<string, unknown>[];
}

/**
 * A delete of a node that learners have, or had (it or anything inside it is live, or was removed before):
 * the node is marked removed instead, hidden from the authors, kept for the learners until a publish, and
 * kept after for the answers and progress pointing at it. Answers the relations it took when it was so,
 * false otherwise (the caller deletes). `scope`: the engine's conditions on `t`.
 */
export async function removeFromDraft(
  tx: Queryable,
  declaration: ResourceDeclaration,
  id: number,
  scope: readonly string[],
): Promise<RemovedRelations[] | false> {
  const index = liveLevelOf(declaration.name);
  if (index < 0) return false;
  await tx.query(showRemovedSql(true));
  const marked = await tx.query(
    `UPDATE ${ident(declaration.table)} t SET ${DRAFT_COLUMN} = NULL
      WHERE t.id = $1 AND ${inDraft('t')}${scope.map((condition) => ` AND ${condition}`).join('')}
        AND ${everSeenSql(index, 't')} RETURNING t.id`,
    [id],
  );
  await tx.query(showRemovedSql(false));
  if (marked.length === 0) return false;
  // Its relations go as a delete's cascade would take them (tags, prerequisites either way): they are not
  // versioned, and a relation to a node no one sees would name nothing. Its bin item keeps them.
  const taken: RemovedRelations[] = [];
  for (const joined of joinRowsOf(declaration.name)) {
    const rows = await tx.query<{ row: Record<string, unknown> }>(
      `DELETE FROM ${ident(joined.table)} j WHERE j.${ident(joined.column)} = $1 RETURNING to_jsonb(j) AS row`,
      [id],
    );
    const group = taken.find((entry) => entry.table === joined.table);
    if (group) group.rows.push(...rows.map((row) => row.row));
    else if (rows.length > 0) taken.push({ table: joined.table, rows: rows.map((row) => row.row) });
  }
  return taken;
}

/** The join tables' columns that name a node of `resource`, from either side of a relation. */
function joinRowsOf(resource: string): { table: string; column: string }[] {
  const found: { table: string; column: string }[] = [];
  for (const declaration of declarations)
    for (const field of Object.values(declaration.fields)) {
      const type = field.type;
      if (type.kind !== 'relations') continue;
      if (declaration.name === resource) found.push({ table: type.joinTable, column: type.ownColumn });
      if (type.resource === resource) found.push({ table: type.joinTable, column: type.otherColumn });
    }
  return found;
}

/** What the outline says of a course's draft beside its live version (run in the session's scope). */
export async function draftStateOf(tx: Queryable, course: number): Promise<DraftState> {
  const nodes: DraftState['nodes'] = { modules: [], chapters: [], parts: [] };
  const [live] = await tx.query<{ course: boolean }>(
    `SELECT ${courseChangedSql('c', 'l')} AS course
       FROM ${LIVE_TABLE} l JOIN ${ident(liveCourse().table)} c ON c.id = l.course_id WHERE l.course_id = $1`,
    [course],
  );
  if (!live) return { live: false, changed: false, course: false, nodes };
  const rows = await tx.query<DifferenceRow>(`${draftDifferencesSql('$1')} ORDER BY 1, 2`, [course]);
  const changed = new Map<string, Set<number>>();
  for (const { level, id } of [...rows.filter((row) => row.live_rank === null), ...movedNodes(rows)]) {
    const key = DRAFT_NODE_KEYS[level as LiveResource];
    if (key && !changed.get(key)?.has(id)) {
      changed.set(key, (changed.get(key) ?? new Set()).add(id));
      nodes[key].push(id);
    }
  }
  for (const list of Object.values(nodes)) list.sort((a, b) => a - b);
  return { live: true, changed: live.course || rows.length > 0, course: live.course, nodes };
}

/**
 * SQL: the draft's tree of the course `course` (an SQL expression) as `course_live_nodes` keeps a live one, a row
 * a node (`level`, `id`, `parent_id`, `position`, `release_at`, `fields`): what a publish writes, and what the
 * differences compare with the live version.
 */
function draftTreeSql(course: string): string {
  return liveLevels()
    .map(
      (level, index) =>
        `SELECT ${literal(level.resource)} AS level, x.id, x.${ident(level.parent)} AS parent_id,
                x.${ident(POSITION_COLUMN)} AS position, x.${ident(RELEASE_COLUMN)} AS release_at, ${fieldsSql(level, 'x')} AS fields
           ${draftNodesSql(index, course)}`,
    )
    .join('\n    UNION ALL ');
}

/**
 * SQL: the nodes (`level`, `id`) where the draft's tree of the course `course` (an SQL expression) differs from
 * its live version: a draft node not live, or live elsewhere, at another date, or with other fields; and the
 * container of a live node the draft no longer has (removed, or moved to another course). Those rows have no
 * ranks. A place is not compared as a number: a node added, removed or moved shifts its siblings' positions
 * without changing their order. Where the order of the nodes both versions have in a container differs, every
 * one of them comes with its rank in each version (`draft_rank`, `live_rank`, `parent_id`), and the moved ones
 * are those off the longest run kept in order (`movedNodes`). What
 * `draftStateOf` lists and `course_draft_changed` asks of (with the course's own fields, `courseChangedSql`),
 * so the outline and the courses' filter agree.
 * Both sides materialised once, then hash-joined: a course of 6,000 parts is two scans, not 6,000 lookups.
 */
export function draftDifferencesSql(course: string): string {
  const containerOf = `CASE l.level ${liveLevels()
    .map(
      (level, index) =>
        `WHEN ${literal(level.resource)} THEN ${index === 0 ? "'course'" : literal(liveLevels()[index - 1].resource)}`,
    )
    .join(' ')} END`;
  return `WITH draft AS MATERIALIZED (${draftTreeSql(course)}),
     live AS MATERIALIZED (
       SELECT l.level, l.id, l.parent_id, l.position, l.${ident(RELEASE_COLUMN)} AS release_at, l.fields
         FROM ${LIVE_NODES_TABLE} l WHERE l.course_id = ${course}),
     common AS MATERIALIZED (
       SELECT d.level, d.id, d.parent_id,
              row_number() OVER (PARTITION BY d.level, d.parent_id ORDER BY d.position, d.id) AS draft_rank,
              row_number() OVER (PARTITION BY d.level, d.parent_id ORDER BY l.position, l.id) AS live_rank
         FROM draft d JOIN live l ON l.level = d.level AND l.id = d.id AND l.parent_id = d.parent_id)
     SELECT d.level, d.id, NULL::bigint AS draft_rank, NULL::bigint AS live_rank, NULL::int4 AS parent_id
       FROM draft d LEFT JOIN live l ON l.level = d.level AND l.id = d.id
      WHERE l.id IS NULL OR l.parent_id <> d.parent_id
         OR l.release_at IS DISTINCT FROM d.release_at OR l.fields <> d.fields
     UNION
     SELECT ${containerOf}, l.parent_id, NULL, NULL, NULL FROM live l LEFT JOIN draft d ON d.level = l.level AND d.id = l.id
      WHERE d.id IS NULL
     UNION ALL
     SELECT c.level, c.id, c.draft_rank, c.live_rank, c.parent_id FROM common c
      WHERE (c.level, c.parent_id) IN (SELECT r.level, r.parent_id FROM common r WHERE r.draft_rank <> r.live_rank)`;
}

/**
 * Discards a course's draft back to its live version, in the caller's transaction: the course its live
 * fields, every live node its
 * live container, place, date and fields back (a removed one is shown again), then the draft's nodes that
 * never were live go. Answers false when the course has no live version.
 */
export async function discardDraft(tx: Queryable, course: number): Promise<boolean> {
  // Taken before the draft is read: the writes it sees are undone below, the others stay recorded.
  const [live] = await tx.query<{ seen: string }>(
    `SELECT pg_current_snapshot()::text AS seen FROM ${LIVE_TABLE} WHERE course_id = $1 FOR UPDATE`,
    [course],
  );
  if (!live) return false;
  const { table, columns } = liveCourse();
  await tx.query(
    `UPDATE ${ident(table)} c
        SET (${columns.map(ident).join(', ')}) = (SELECT ${columns.map((column) => `r.${ident(column)}`).join(', ')}
                                                  FROM jsonb_populate_record(NULL::${ident(table)}, l.fields) r),
            updated_at = now()
       FROM ${LIVE_TABLE} l WHERE l.course_id = c.id AND c.id = $1 AND ${courseChangedSql('c', 'l')}`,
    [course],
  );
  await tx.query(showRemovedSql(true));
  // The containers a live node is taken back from (moved meanwhile, maybe into another course): their
  // siblings close the gap it leaves, below.
  const left = await Promise.all(
    liveLevels().map(async (level) =>
      (
        await tx.query<{ parent: number }>(
          `SELECT DISTINCT x.${ident(level.parent)} AS parent FROM ${ident(level.table)} x
             JOIN ${LIVE_NODES_TABLE} n ON n.course_id = $1 AND n.level = ${literal(level.resource)} AND n.id = x.id
            WHERE x.${ident(level.parent)} IS DISTINCT FROM n.parent_id`,
          [course],
        )
      ).map((row) => Number(row.parent)),
    ),
  );
  for (const level of liveLevels()) {
    const columns = level.columns.map(ident);
    await tx.query(
      `UPDATE ${ident(level.table)} x
          SET ${ident(level.parent)} = n.parent_id, ${ident(POSITION_COLUMN)} = n.position,
              ${ident(RELEASE_COLUMN)} = n.${ident(RELEASE_COLUMN)}, ${DRAFT_COLUMN} = coalesce(x.${DRAFT_COLUMN}, now()),
              (${columns.join(', ')}) = (SELECT ${columns.map((column) => `r.${column}`).join(', ')}
                                          FROM jsonb_populate_record(NULL::${ident(level.table)}, n.fields) r)
         FROM ${LIVE_NODES_TABLE} n
        WHERE n.course_id = $1 AND n.level = ${literal(level.resource)} AND n.id = x.id
          AND (${removedFromDraft('x')} OR NOT ${sameAsLive(level, 'x', 'n')})`,
      [course],
    );
  }
  for (let index = liveLevels().length - 1; index >= 0; index--) {
    const level = liveLevels()[index];
    await tx.query(
      `DELETE FROM ${ident(level.table)} WHERE id IN (SELECT x.id ${draftNodesSql(index, '$1')}
          AND NOT EXISTS (SELECT 1 FROM ${LIVE_NODES_TABLE} n WHERE n.level = ${literal(level.resource)} AND n.id = x.id))`,
      [course],
    );
  }
  await tx.query(showRemovedSql(false));
  // Positions 0..n-1 among the nodes authors see, in the course's containers and in those left.
  for (const [index, level] of liveLevels().entries()) {
    const containers = index === 0 ? 'SELECT $1::int4' : `SELECT x.id ${draftNodesSql(index - 1, '$1')}`;
    await tx.query(
      `UPDATE ${ident(level.table)} t SET ${ident(POSITION_COLUMN)} = r.place, updated_at = now()
         FROM (SELECT id, (row_number() OVER (PARTITION BY ${ident(level.parent)} ORDER BY ${ident(POSITION_COLUMN)}, id) - 1)::int AS place
                 FROM ${ident(level.table)}
                WHERE ${ident(level.parent)} IN (${containers}) OR ${ident(level.parent)} = ANY($2::int4[])) r
        WHERE t.id = r.id AND t.${ident(POSITION_COLUMN)} <> r.place`,
      [course, left[index]],
    );
  }
  await tx.query(`UPDATE ${LIVE_TABLE} SET ${DRAFT_SNAPSHOT_COLUMN} = $2::pg_snapshot WHERE course_id = $1`, [
    course,
    live.seen,
  ]);
  await tx.query(forgetSeenWritesSql('$1', '$2::pg_snapshot'), [course, live.seen]);
  return true;
}

/** How often the retired nodes no learner data points at are deleted (server/app.ts's periodic jobs). */
export const RETIRED_PURGE_EVERY_SECONDS = 3600;

/**
 * The columns of learners' data (answers, validations, comments) naming a node of a level: every to-one
 * relation of another resource to one of the levels, from the declarations. A relation through a join table
 * (tags, prerequisites) is the authors' and goes with the node; the levels' own containers are the tree.
 */
export function learnerReferencesOf(resource: LiveResource): { table: string; column: string }[] {
  const levels = new Set<string>(LIVE_LEVELS.map((level) => level.resource));
  const found: { table: string; column: string }[] = [];
  for (const declaration of declarations) {
    if (levels.has(declaration.name)) continue;
    for (const [field, declared] of Object.entries(declaration.fields))
      if (declared.type.kind === 'relation' && declared.type.resource === resource)
        found.push({ table: declaration.table, column: columnOf(field, declared) });
  }
  return found;
}

/** SQL: whether the node `alias` of a level is out of the draft: removed, or inside a removed container. */
function retiredSql(index: number, alias: string): string {
  if (index === 0) return removedFromDraft(alias);
  const container = liveLevels()[index - 1];
  const inner = `c${index - 1}`;
  return `(${removedFromDraft(alias)} OR EXISTS (SELECT 1 FROM ${ident(container.table)} ${inner}
    WHERE ${inner}.id = ${alias}.${ident(liveLevels()[index].parent)} AND ${retiredSql(index - 1, inner)}))`;
}

/**
 * SQL: whether the removal of the node `alias` of a level, or of a container of it, is in the recycle bin: the
 * node may still be restored into the draft.
 */
function binnedRemovalSql(index: number, alias: string): string {
  const level = liveLevels()[index];
  const own = `EXISTS (SELECT 1 FROM recycle_bin b WHERE b.removal AND b.resource = ${literal(level.resource)} AND b.record_id = ${alias}.id)`;
  if (index === 0) return own;
  const inner = `h${index - 1}`;
  return `(${own} OR EXISTS (SELECT 1 FROM ${ident(liveLevels()[index - 1].table)} ${inner}
    WHERE ${inner}.id = ${alias}.${ident(level.parent)} AND ${binnedRemovalSql(index - 1, inner)}))`;
}

/**
 * SQL: whether the node `alias` of a level needs no keeping: out of the draft, in no live version, named by no
 * learner's data, its removal no longer in the bin, and holding no node (those inside go first, when they need
 * no keeping either).
 */
function purgeableSql(index: number, alias: string): string {
  const level = liveLevels()[index];
  const inner = liveLevels()[index + 1];
  return [
    retiredSql(index, alias),
    `NOT ${binnedRemovalSql(index, alias)}`,
    `NOT EXISTS (SELECT 1 FROM ${LIVE_NODES_TABLE} n WHERE n.level = ${literal(level.resource)} AND n.id = ${alias}.id)`,
    ...learnerReferencesOf(level.resource).map(
      ({ table, column }) => `NOT EXISTS (SELECT 1 FROM ${ident(table)} d WHERE d.${ident(column)} = ${alias}.id)`,
    ),
    ...(inner
      ? [`NOT EXISTS (SELECT 1 FROM ${ident(inner.table)} i WHERE i.${ident(inner.parent)} = ${alias}.id)`]
      : []),
  ].join(' AND ');
}

/**
 * Deletes the nodes that removals of published courses' drafts left behind and nothing needs any more: kept
 * (marked removed) for the learners who had them, they are kept after the publish that took them away only
 * for the learners' data pointing at them. Innermost level first, so that a chapter goes with its last part.
 * Run by a periodic job as the platform (every structure's rows, every learner's data in view). Safe beside
 * learners answering: the candidates are locked first, which waits for an answer being written to one (its
 * foreign key holds a share lock on the node) and keeps any other from starting, then checked again by the
 * delete, whose snapshot sees what was written meanwhile. Then forgets the recorded draft writes of courses
 * deleted for good. Answers the count of nodes deleted.
 */
export async function purgeRetiredNodes(db: Database): Promise<number> {
  let deleted = 0;
  for (let index = liveLevels().length - 1; index >= 0; index--) {
    const level = liveLevels()[index];
    deleted += await runAsAction('purge', { resource: level.resource }, () =>
      db.transaction(async (tx) => {
        await tx.query(showRemovedSql(true));
        const locked = await tx.query<{ id: number }>(
          `SELECT x.id FROM ${ident(level.table)} x WHERE ${purgeableSql(index, 'x')} ORDER BY x.id FOR UPDATE OF x`,
        );
        if (locked.length === 0) return 0;
        const gone = await tx.query(
          `DELETE FROM ${ident(level.table)} x WHERE x.id = ANY($1::int4[]) AND ${purgeableSql(index, 'x')} RETURNING x.id`,
          [locked.map((row) => Number(row.id))],
        );
        return gone.length;
      }),
    );
  }
  await db.query(`SELECT ${FORGET_DELETED_FUNCTION}()`);
  return deleted;
}
