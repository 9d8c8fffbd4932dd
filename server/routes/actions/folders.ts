import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../shared/errors.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { parseQueryString } from '../../resources/listQuery.ts';
import { authorize } from '../../resources/authorize.ts';
import { formatOf, rawQueryOf } from '../../resources/envelope.ts';
import { idParams, pathId, queryOf, rightsFirst, typedRoutes } from '../../http/routeSchema.ts';
import { declarationOf } from './support.ts';
import { listOf, resourceItem, closedObject } from '../../http/answers.ts';

export interface FolderNode {
  id: number;
  name: string;
  sheets: number;
  children: FolderNode[];
}

/** Builds the nested tree from flat rows; with `purge`, branches holding no sheet anywhere are dropped. */
export function buildTree(
  rows: { id: number; parent_id: number | null; name: string; sheets: number }[],
  rootId: number,
  purge: boolean,
): FolderNode | undefined {
  const nodes = new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, sheets: Number(row.sheets), children: [] as FolderNode[] },
    ]),
  );
  for (const row of rows)
    if (row.id !== rootId && row.parent_id !== null)
      nodes.get(row.parent_id)?.children.push(nodes.get(row.id) as FolderNode);
  const root = nodes.get(rootId);
  if (!root || !purge) return root;
  const prune = (node: FolderNode): number => {
    let total = node.sheets;
    node.children = node.children.filter((child) => {
      const inside = prune(child);
      total += inside;
      return inside > 0;
    });
    return total;
  };
  prune(root);
  return root;
}

/**
 * One folder of the tree and, under `children`, its subfolders shaped alike: `{ $ref: '#' }` is the answer's
 * own root, which fast-json-stringify follows as deep as the tree goes. The document has no such root (its
 * `#` is the whole document), so it shows the subfolders as free JSON of that shape (docs/openapi.ts).
 */
const folderTree = closedObject(
  'The folder and its subfolders, each with its own sheet count, siblings by position.',
  {
    id: { type: 'integer' },
    name: { type: 'string' },
    sheets: { type: 'integer', description: 'Its own sheets, not its subfolders’.' },
    children: { type: 'array', description: 'Its subfolders, each shaped alike.', items: { $ref: '#' } },
  },
  ['id', 'name', 'sheets', 'children'],
);

export async function folderRoutes(fastify: FastifyInstance, { db, engine }: { db: Database; engine: ResourceEngine }) {
  const app = typedRoutes(fastify);
  const folders = declarationOf('folders');
  const sheets = declarationOf('sheets');
  const folderContent = closedObject(
    'The folder’s subfolders and sheets (500 of each at most).',
    {
      folders: listOf('Its subfolders.', resourceItem(folders.type)),
      sheets: listOf('Its sheets.', resourceItem(sheets.type)),
    },
    ['folders', 'sheets'],
  );

  app.get(
    '/api/folders/:id/tree',
    {
      schema: {
        params: idParams,
        querystring: queryOf({ purge: { type: 'string', enum: ['1', '0', 'true', 'false', ''] } }),
        response: { 200: folderTree },
      },
      ...rightsFirst((request) => authorize(request, folders, 'get')),
    },
    async (request) => {
      authorize(request, folders, 'get');
      const id = pathId(request);
      const purge = ['1', 'true'].includes(parseQueryString(rawQueryOf(request)).get('purge')?.at(-1) ?? '');
      // The whole subtree in one recursive statement, each folder with its own sheet count, siblings by position.
      const rows = await db.query<{ id: number; parent_id: number | null; name: string; sheets: number }>(
        `WITH RECURSIVE tree AS (
         SELECT id, parent_id, name, position, 0 AS depth FROM folders WHERE id = $1
         UNION ALL
         SELECT f.id, f.parent_id, f.name, f.position, tree.depth + 1 FROM folders f JOIN tree ON f.parent_id = tree.id
          WHERE tree.depth < 64)
       SELECT tree.id, tree.parent_id, tree.name,
              (SELECT count(*) FROM sheets s WHERE s.folder_id = tree.id) AS sheets
         FROM tree ORDER BY tree.depth, tree.position, tree.id`,
        [id],
      );
      const tree = buildTree(rows, id, purge);
      if (!tree) throw notFound(`Folder ${id} not found.`);
      return tree;
    },
  );

  app.get(
    '/api/folders/:id/content',
    {
      schema: { params: idParams, response: { 200: folderContent } },
      ...rightsFirst((request) => authorize(request, folders, 'get')),
    },
    async (request) => {
      authorize(request, folders, 'get');
      const id = pathId(request);
      const format = formatOf(request);
      const [exists] = await db.query('SELECT 1 FROM folders WHERE id = $1', [id]);
      if (!exists) throw notFound(`Folder ${id} not found.`);
      const all = (order: string) =>
        new Map([
          [order, ['asc']],
          ['itemsPerPage', ['500']],
        ]);
      const [children, contained] = await Promise.all([
        engine.list(folders, all('order[position]'), format, [`t.parent_id = ${id}`]),
        engine.list(sheets, all('order[title]'), format, [`t.folder_id = ${id}`]),
      ]);
      return {
        folders: children.members.map((item) => JSON.parse(item)),
        sheets: contained.members.map((item) => JSON.parse(item)),
      };
    },
  );
}
