import { DEFAULT_TIME_ZONE, RELEASE_FIELD, RELEASE_LEVELS, type ReleaseResource } from '../../src/domain/releases.ts';
import { ident, literal } from '../shared/sql.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';

/**
 * The release rule of src/domain/releases.ts as SQL, written once here and read by every learner's view: a
 * node is released when its own date is none or past and the node containing it is released. The views that
 * walk the tree from the top (a course's menu) apply `ownReleaseCondition` at each level; those that start from
 * a node (a chapter shown, a part answered) ask `released_<level>(id)`, one SQL function a level created at
 * start-up from the same declarations (derivedSchema.ts). A later copy of the tree (a course's live version)
 * applies the same condition to its own rows.
 */

/** The column of the release date on every level (the field's default column). */
export const RELEASE_COLUMN = columnOf(RELEASE_FIELD, { type: { kind: 'datetime' } });

/** SQL: whether the row `alias` is released at `moment` by its own date, whatever its container's. */
export const ownReleaseCondition = (alias: string, moment = 'now()') =>
  `(${alias}.${ident(RELEASE_COLUMN)} IS NULL OR ${alias}.${ident(RELEASE_COLUMN)} <= ${moment})`;

/** The SQL function answering whether a node of a level is released (an unknown node is not). */
export const releasedFunction = (resource: ReleaseResource) => `released_${resource.replace(/-/g, '_')}`;

/**
 * The SQL function answering whether learners have a node of a level now: released in the live version of
 * its course when one holds it, else released in the tables unless its course has a live version (a node only
 * the draft has). Created at start-up with the live version's (liveVersion.ts).
 */
export const learnerReleasedFunction = (resource: ReleaseResource) => `learner_${releasedFunction(resource)}`;

/** The SQL function answering a structure's time zone (the domain's default for none: the catalogue). */
export const TIME_ZONE_FUNCTION = 'structure_time_zone';

/**
 * The statements that put the rule into the schema: `released_<level>(node, moment DEFAULT now())` a level,
 * outermost first (each calls its container's), and the structures' time zone with its default. Run as the
 * tables' owner; the functions run as their caller, so row-level security keeps to the caller's rows.
 */
export function releaseStatements(declarations: readonly ResourceDeclaration[]): string[] {
  const declared = (resource: string, field: string) => {
    const found = declarations.find((declaration) => declaration.name === resource);
    if (!found?.fields[field]) throw new Error(`${resource} lacks the field ${field}.`);
    return found;
  };
  const functions = RELEASE_LEVELS.map((level) => {
    const declaration = declared(level.resource, RELEASE_FIELD);
    const container = level.container
      ? ` AND ${releasedFunction(level.container.resource)}(t.${ident(
          columnOf(level.container.field, declaration.fields[level.container.field]),
        )}, moment)`
      : '';
    return `CREATE OR REPLACE FUNCTION ${releasedFunction(level.resource)}(node integer, moment timestamptz DEFAULT now())
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT ${ownReleaseCondition('t', 'moment')}${container}
                     FROM ${ident(declaration.table)} t WHERE t.id = node), false)
$$`;
  });
  const structures = declared('companies', 'timeZone');
  const companies = ident(structures.table);
  const zone = ident(columnOf('timeZone', structures.fields.timeZone));
  return [
    ...functions,
    `ALTER TABLE ${companies} ALTER COLUMN ${zone} SET DEFAULT ${literal(DEFAULT_TIME_ZONE)}`,
    `CREATE OR REPLACE FUNCTION ${TIME_ZONE_FUNCTION}(company integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT c.${zone} FROM ${companies} c WHERE c.id = company), ${literal(DEFAULT_TIME_ZONE)})
$$`,
  ];
}
