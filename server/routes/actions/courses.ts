import { runAsAction } from '../../db/scope.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { forbidden, notFound, unprocessable, violation } from '../../shared/errors.ts';
import { refuseEmptyChapters, requirePublishRight } from '../../resources/publishing.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { authorize } from '../../resources/authorize.ts';
import { idParams, noBody, pathId, queryOf, rightsFirst, typedRoutes } from '../../http/routeSchema.ts';
import { andAll, declarationOf, replyWithRecord } from './support.ts';
import { CHAPTER_PART_TYPES, CHOICE_PART_TYPES } from '../../../src/domain/chapterParts.ts';
import { ident, literal } from '../../shared/sql.ts';
import { closedObject, freeJson, listOf, orNull, refusal, resourceItem } from '../../http/answers.ts';

const notPublishable = refusal(
  'The course cannot go live as it is (a chapter without a part…): its violations say what.',
);
import {
  learnerReleasedFunction,
  ownReleaseCondition,
  RELEASE_COLUMN,
  releasedFunction,
} from '../../resources/releases.ts';
import {
  discardDraft,
  draftStateOf,
  hasLiveSql,
  type Level,
  LIVE_COURSE_FUNCTION,
  liveLevels,
  liveNodeSql,
  liveNodesSql,
  showRemovedSql,
} from '../../resources/liveVersion.ts';
import { discardNode, liveRemovalItemsSql, nodeWithCourseSql } from '../../resources/draftRemovals.ts';
import { COURSE_VERSIONS, POSITION_FIELD, type CourseVersion } from '../../../src/domain/courseVersions.ts';
import type { Grants } from '../../../src/domain/permissions.ts';
import { reach } from '../../../src/domain/rights.ts';

const partType = { type: 'string', enum: [...CHAPTER_PART_TYPES] };
const menuPart = closedObject('A part.', { id: { type: 'integer' }, title: orNull('string'), type: partType }, [
  'id',
  'title',
  'type',
]);
const courseMenu = closedObject(
  'The course, its modules, their chapters and their parts, in order.',
  {
    id: { type: 'integer' },
    title: orNull('string'),
    modules: listOf(
      'Its modules.',
      closedObject(
        'A module.',
        {
          id: { type: 'integer' },
          title: orNull('string'),
          chapters: listOf(
            'Its chapters.',
            closedObject(
              'A chapter.',
              { id: { type: 'integer' }, title: orNull('string'), parts: listOf('Its parts.', menuPart) },
              ['id', 'title', 'parts'],
            ),
          ),
        },
        ['id', 'title', 'chapters'],
      ),
    ),
  },
  ['id', 'title', 'modules'],
);
const ids = (description: string) => ({ type: 'array', description, items: { type: 'integer' } });
const draftState = closedObject('What of the course’s draft differs from its live version.', {
  live: { type: 'boolean', description: 'Whether the course has a live version (it is published).' },
  changed: { type: 'boolean', description: 'Whether the draft differs from it anywhere.' },
  course: {
    type: 'boolean',
    description: 'Whether the course’s own learner-visible fields (title, description) differ.',
  },
  nodes: closedObject('The nodes that differ (changed, new, moved, or holding a removed node), by level.', {
    modules: ids('Modules.'),
    chapters: ids('Chapters.'),
    parts: ids('Parts.'),
  }),
});
const displayable = closedObject(
  'The chapter as a learner sees it, with its parts.',
  {
    id: { type: 'integer' },
    title: { type: 'string' },
    description: orNull('string'),
    estimatedMinutes: orNull('integer'),
    parts: listOf(
      'Its parts released to the learner, in order.',
      closedObject(
        'A part, without what would give an answer away (the correct choices).',
        {
          id: { type: 'integer' },
          type: partType,
          title: orNull('string'),
          required: { type: 'boolean' },
          position: { type: 'integer' },
          content: freeJson('The part’s content, as its type shapes it (src/domain/partContentShape.ts).'),
        },
        ['id', 'type', 'title', 'required', 'position', 'content'],
      ),
    ),
  },
  ['id', 'title', 'description', 'estimatedMinutes', 'parts'],
);

/** Publishing, discarding a draft, the course menu and the learner's view of a chapter. */
export async function courseRoutes(fastify: FastifyInstance, { db, engine }: { db: Database; engine: ResourceEngine }) {
  const app = typedRoutes(fastify);
  const courses = declarationOf('courses');
  const chapters = declarationOf('chapters');

  /**
   * An action with the publish right on a course the session may update, locked for the transaction and
   * logged as `action`; answers the course's id.
   */
  async function publishing(
    request: FastifyRequest,
    action: 'publish' | 'discard',
    work: (tx: Queryable, course: number) => Promise<void>,
  ): Promise<number> {
    const { session, scope } = authorize(request, courses, 'update');
    const id = pathId(request);
    await runAsAction(action, { resource: 'courses', id }, () =>
      db.transaction(async (tx) => {
        await requirePublishRight(tx, session);
        const [course] = await tx.query(`SELECT t.id FROM courses t WHERE t.id = $1${andAll(scope)} FOR UPDATE`, [id]);
        if (!course) throw notFound(`Course ${id} not found.`);
        await work(tx, id);
      }),
    );
    return id;
  }

  app.put(
    '/api/courses/:id/publish',
    {
      schema: { params: idParams, body: noBody, response: { 200: resourceItem(courses.type), 422: notPublishable } },
      ...rightsFirst((request) => authorize(request, courses, 'update')),
    },
    async (request, reply) => {
      const id = await publishing(request, 'publish', async (tx, course) => {
        await refuseEmptyChapters(tx, course);
        await tx.query(
          `UPDATE courses SET status = 'published', published_at = now(), updated_at = now() WHERE id = $1`,
          [course],
        );
      });
      return replyWithRecord(engine, request, reply, courses, id);
    },
  );

  app.put(
    '/api/courses/:id/discard',
    {
      schema: { params: idParams, body: noBody, response: { 200: resourceItem(courses.type) } },
      ...rightsFirst((request) => authorize(request, courses, 'update')),
    },
    async (request, reply) => {
      // Publishing's counterpart, with its right: it deletes what was added since and changes the draft whole.
      const id = await publishing(request, 'discard', async (tx, course) => {
        if (!(await discardDraft(tx, course)))
          throw unprocessable([
            violation('status', 'not_published', 'Only a published course has a draft to discard.'),
          ]);
        // Every live node is back in the draft: their removals leave the bin, with the relations they took.
        await engine.bin.takeRemovals(tx, liveRemovalItemsSql('$1'), [course]);
      });
      return replyWithRecord(engine, request, reply, courses, id);
    },
  );

  // One node's changes discarded, the rest of the draft kept: the node back as its live version has it.
  for (const { resource } of liveLevels()) {
    const nodes = declarationOf(resource);
    app.put(
      `/api/${resource}/:id/discard`,
      {
        schema: { params: idParams, body: noBody, response: { 200: resourceItem(nodes.type) } },
        ...rightsFirst((request) => authorize(request, nodes, 'update')),
      },
      async (request, reply) => {
        const { session, scope } = authorize(request, nodes, 'update');
        const id = pathId(request);
        await runAsAction('discard', { resource, id }, () =>
          db.transaction(async (tx) => {
            await requirePublishRight(tx, session);
            // Removed nodes are found too: discarding a removal is what brings one back.
            await tx.query(showRemovedSql(true));
            const [node] = await tx.query<{ course: number }>(nodeWithCourseSql(resource, '$1', scope), [id]);
            await tx.query(showRemovedSql(false));
            if (!node) throw notFound(`${nodes.type} ${id} not found.`);
            // The course first, as the whole discard and the publish take it, then the node's rows.
            await tx.query(`SELECT id FROM courses WHERE id = $1 FOR UPDATE`, [node.course]);
            await discardNode(tx, resource, id, Number(node.course));
            await engine.bin.takeRemovals(tx, 'b.removal AND b.resource = $1 AND b.record_id = $2', [resource, id]);
          }),
        );
        return replyWithRecord(engine, request, reply, nodes, id);
      },
    );
  }

  app.get(
    '/api/courses/:id/draft',
    {
      schema: { params: idParams, response: { 200: draftState } },
      ...rightsFirst((request) => authorize(request, courses, 'get')),
    },
    async (request) => {
      const { scope } = authorize(request, courses, 'get');
      const id = pathId(request);
      const [course] = await db.query(`SELECT t.id FROM courses t WHERE t.id = $1${andAll(scope)}`, [id]);
      if (!course) throw notFound(`Course ${id} not found.`);
      return draftStateOf(db, id);
    },
  );

  app.get(
    '/api/courses/:id/menu',
    {
      schema: { params: idParams, querystring: versionQuery, response: { 200: courseMenu } },
      ...rightsFirst((request) => authorize(request, courses, 'get')),
    },
    async (request) => {
      const { session, scope } = authorize(request, courses, 'get');
      const id = pathId(request);
      // Learners: the live version when the course has one, else the draft, in one statement.
      const sql = wantsDraft(request.query.version, session)
        ? menuSql(false, scope)
        : `SELECT CASE WHEN ${hasLiveSql('$1')} THEN (${menuSql(true, scope)}) ELSE (${menuSql(false, scope)}) END AS menu`;
      const [row] = await db.query<{ menu: unknown }>(sql, [id]);
      if (!row?.menu) throw notFound(`Course ${id} not found.`);
      return row.menu;
    },
  );

  app.get(
    '/api/chapters/:id/displayable',
    {
      schema: { params: idParams, querystring: versionQuery, response: { 200: displayable } },
      ...rightsFirst((request) => authorize(request, chapters, 'get')),
    },
    async (request) => {
      const { session, scope } = authorize(request, chapters, 'get');
      const id = pathId(request);
      // A published course's learners get the chapter of its live version (released there); a chapter only
      // its draft has is not theirs yet. Staff previewing ask for the draft. One statement, which finds the
      // chapter's live version itself.
      const sql = wantsDraft(request.query.version, session)
        ? displayableSql(draftSource, `${releasedFunction('chapters')}(t.id)`, scope)
        : `WITH live AS MATERIALIZED (${liveNodeSql('chapters', '$1')})
           SELECT CASE WHEN EXISTS (SELECT 1 FROM live)
             THEN (${displayableSql(liveSource('(SELECT course FROM live)'), '(SELECT released FROM live)', scope)})
             ELSE (${displayableSql(draftSource, `${learnerReleasedFunction('chapters')}(t.id)`, scope)}) END AS chapter`;
      const [row] = await db.query<{ chapter: unknown }>(sql, [id]);
      if (!row?.chapter) throw notFound(`Chapter ${id} not found.`);
      return row.chapter;
    },
  );
}

const versionQuery = queryOf({ version: { type: 'string', enum: [...COURSE_VERSIONS] } });

/** Whether the request asks for the draft: staff who may edit courses previewing it; anyone else is refused. */
function wantsDraft(
  version: CourseVersion | undefined,
  session: { roles: readonly string[]; grants?: Grants },
): boolean {
  if (version !== 'draft') return false;
  if (!reach(session.roles, 'courses', 'update', session.grants))
    throw forbidden('The draft of a course is for those who may edit courses.');
  return true;
}

/**
 * Where a learner's view reads a level's nodes (a `SELECT` of `columns` and the id, container, position and
 * release date, or the whole row): those inside `where.container`, or the node `where.id`. `index`: the level,
 * outermost first.
 */
type Source = (
  index: number,
  where: { container: string } | { id: string },
  columns: readonly string[] | 'row',
) => string;

/** The draft: the tables. */
const draftSource: Source = (index, where, columns) => {
  const level: Level = liveLevels()[index];
  const node = 'container' in where ? `x.${ident(level.parent)} = ${where.container}` : `x.id = ${where.id}`;
  const selected =
    columns === 'row'
      ? 'x.*'
      : [`x.id`, `x.${ident(level.parent)}`, `x.${ident(POSITION_FIELD)}`, `x.${ident(RELEASE_COLUMN)}`]
          .concat(columns.map((column) => `x.${ident(column)}`))
          .join(', ');
  return `SELECT ${selected} FROM ${ident(level.table)} x WHERE ${node}`;
};

/**
 * The live version of the course `course` (SQL). `asJson`: the columns as jsonb, for a view that only puts them
 * into its JSON (the menu), where they come out as the tables' typed values do.
 */
const liveSource =
  (course: string, asJson = false): Source =>
  (index, where, columns) =>
    liveNodesSql(liveLevels()[index], course, where, columns, asJson);

/**
 * One statement for the whole tree, the course and its modules, chapters and parts from the tables (the draft)
 * or from the live version, each container's nodes read in order by its index, only the columns shown (a
 * part's content is never read). Each level keeps what is released by its own date; what its container left
 * out is never read.
 */
function menuSql(live: boolean, scope: readonly string[]): string {
  const source = live ? liveSource('$1', true) : draftSource;
  const course = live ? `${LIVE_COURSE_FUNCTION}($1)` : 'courses';
  const nodes = (index: number, alias: string, container: string, columns: string[], item: string): string =>
    `coalesce((SELECT json_agg(${item} ORDER BY ${alias}.${ident(POSITION_FIELD)}, ${alias}.id)
      FROM (${source(index, { container }, columns)}) ${alias} WHERE ${ownReleaseCondition(alias)}), '[]'::json)`;
  const parts = nodes(
    2,
    'p',
    'ch.id',
    ['type', 'title'],
    `json_build_object('id', p.id, 'type', p.type, 'title', p.title)`,
  );
  const chapters = nodes(
    1,
    'ch',
    'm.id',
    ['title'],
    `json_build_object('id', ch.id, 'title', ch.title, 'parts', ${parts})`,
  );
  const modules = nodes(
    0,
    'm',
    't.id',
    ['title'],
    `json_build_object('id', m.id, 'title', m.title, 'chapters', ${chapters})`,
  );
  return `SELECT json_build_object('id', t.id, 'title', t.title, 'modules', ${modules}) AS menu
  FROM ${course} t WHERE t.id = $1${andAll(scope)}`;
}

/**
 * What a learner is shown of a chapter (its nodes from `source`, the tables or the live version): the parts
 * in order, without the answers of the choice questions; only the chapter's own parts are read. `released`:
 * the chapter's release condition on `t`; a part not released by its own date is left out.
 */
function displayableSql(source: Source, released: string, scope: readonly string[]): string {
  return `SELECT json_build_object(
   'id', t.id, 'title', t.title, 'description', t.description, 'estimatedMinutes', t.estimated_minutes,
   'parts', coalesce((
     SELECT json_agg(json_build_object(
       'id', p.id, 'type', p.type, 'title', p.title, 'required', p.required, 'position', p.position,
       'content', CASE WHEN p.type IN (${CHOICE_PART_TYPES.map(literal).join(', ')})
         THEN jsonb_set(p.content, '{options}', coalesce((
           SELECT jsonb_agg(option - 'correct' ORDER BY ordinality)
             FROM jsonb_array_elements(p.content -> 'options') WITH ORDINALITY AS o(option, ordinality)), '[]'::jsonb))
         ELSE p.content END
     ) ORDER BY p.position, p.id)
       FROM (${source(2, { container: 't.id' }, ['type', 'title', 'required', 'content'])}) p
      WHERE ${ownReleaseCondition('p')}), '[]'::json)) AS chapter
   FROM (${source(1, { id: '$1' }, 'row')}) t
  WHERE ${released}${andAll(scope)}`;
}
