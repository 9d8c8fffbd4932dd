import type { FastifyInstance } from 'fastify';
import { RELEASE_LEVELS, type ReleaseResource } from '../../../src/domain/releases.ts';
import { STRUCTURE_FIELD } from '../../../src/domain/tenancy.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../shared/errors.ts';
import { authorize } from '../../resources/authorize.ts';
import { idParams, pathId, rightsFirst, typedRoutes } from '../../http/routeSchema.ts';
import { closedObject } from '../../http/answers.ts';
import { TIME_ZONE_FUNCTION } from '../../resources/releases.ts';
import { columnOf } from '../../resources/types.ts';
import { ident } from '../../shared/sql.ts';
import { andAll, declarationOf } from './support.ts';

/**
 * SQL: the time zone of the course's structure that the node `$1` of `resource` belongs to (alias `t`), walking
 * up the release levels (a part's chapter, its module) to the module's course.
 */
function timeZoneSql(resource: ReleaseResource): string {
  let level = RELEASE_LEVELS.find((candidate) => candidate.resource === resource)!;
  let declaration = declarationOf(resource);
  let alias = 't';
  const joins: string[] = [];
  while (level.container) {
    const { field, resource: above } = level.container;
    const next = `up${joins.length}`;
    joins.push(
      `JOIN ${ident(declarationOf(above).table)} ${next} ON ${next}.id = ${alias}.${ident(columnOf(field, declaration.fields[field]))}`,
    );
    declaration = declarationOf(above);
    alias = next;
    level = RELEASE_LEVELS.find((candidate) => candidate.resource === above)!;
  }
  // The outermost level's container is its course, whose structure gives the clock.
  const courses = declarationOf('courses');
  const company = columnOf(STRUCTURE_FIELD, courses.fields[STRUCTURE_FIELD]);
  joins.push(
    `JOIN ${ident(courses.table)} course ON course.id = ${alias}.${ident(columnOf('course', declaration.fields.course))}`,
  );
  return `SELECT ${TIME_ZONE_FUNCTION}(course.${ident(company)}) AS "timeZone"
  FROM ${ident(declarationOf(resource).table)} t ${joins.join(' ')}
 WHERE t.id = $1`;
}

/**
 * `GET /api/{modules|chapters|chapter-parts}/{id}/time-zone`: the clock on which a node's release date is read and
 * written (its course's structure's time zone; the default one for the catalogue), for the node's own pages. The
 * node's read right, with the scope its list would apply to the session: a stranger's node is a 404.
 */
export async function releaseTimeZoneRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);
  for (const { resource } of RELEASE_LEVELS) {
    const declaration = declarationOf(resource);
    const sql = timeZoneSql(resource);
    app.get(
      `/api/${resource}/:id/time-zone`,
      {
        schema: {
          params: idParams,
          response: {
            200: closedObject(
              'The time zone its release date is read and written in.',
              { timeZone: { type: 'string', description: 'An IANA time zone name.' } },
              ['timeZone'],
            ),
          },
        },
        ...rightsFirst((request) => authorize(request, declaration, 'get')),
      },
      async (request) => {
        const { scope } = authorize(request, declaration, 'get');
        const id = pathId(request);
        const [row] = await db.query<{ timeZone: string }>(`${sql}${andAll(scope)}`, [id]);
        if (!row) throw notFound(`${resource} ${id} not found.`);
        return { timeZone: row.timeZone };
      },
    );
  }
}
