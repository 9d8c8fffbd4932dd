import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from './support/importsOf';

/**
 * The server's modules point one way: no module reaches itself through its imports (type imports and
 * dynamic import() included: a cycle of types is still two modules that cannot be read apart, and a lazy
 * import() back down the graph still ties them), the shared helpers import nothing of the server, http/
 * is below the routes and the documentation, only the app assembles the routes, and of the client the
 * server reads only src/domain/. The folders point one way too: each imports only its own layer's and those
 * below it (LAYERS, written out in docs/ARCHITECTURE.md), and no folder reaches itself through the others.
 */

const ROOT = resolve(__dirname, '../../server');

/** What each file imports of ours, as paths relative to ROOT (`../src/...` for the client's). */
function graphOf(texts: ReadonlyMap<string, string>): Map<string, string[]> {
  return new Map(
    [...texts].map(([file, text]) => [
      file,
      importsOf(text)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier))),
    ]),
  );
}

function importGraph(): Map<string, string[]> {
  const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  return graphOf(new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')])));
}

/** The server's own modules only: the cycles are among them. */
function serverOnly(graph: ReadonlyMap<string, string[]>): Map<string, string[]> {
  return new Map([...graph].map(([file, targets]) => [file, targets.filter((target) => !target.startsWith('..'))]));
}

/** Every cycle's modules, each cycle once (strongly connected components of more than one module, or a self-import). */
function cyclesOf(graph: ReadonlyMap<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The files directly in server/: the app, the loading of its settings and the command-line entry points. */
const ROOT_FOLDER = '(root)';

/**
 * The server's folders, bottom-up, as docs/ARCHITECTURE.md lists them. A folder may import the folders of
 * its own layer and of the layers below it, never one above: what sits low stays usable without all that
 * is built on it, and a new folder has to be given its place here before the test passes.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['shared'],
  ['db'],
  ['storage'],
  ['bounds', 'jobs', 'imports'],
  ['auth', 'live'],
  ['notify'],
  ['http'],
  ['docs'],
  ['resources'],
  ['learning', 'tickets', 'onboarding', 'transfer', 'privacy', 'backup', 'integrations', 'telemetry'],
  ['seed'],
  ['routes'],
  [ROOT_FOLDER],
];

function folderOf(file: string): string {
  return file.includes('/') ? file.slice(0, file.indexOf('/')) : ROOT_FOLDER;
}

/** Which other folders each folder's files import. */
function folderGraph(graph: ReadonlyMap<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const into = folders.get(from) ?? new Set<string>();
    folders.set(from, into);
    for (const target of targets) if (folderOf(target) !== from) into.add(folderOf(target));
  }
  return new Map([...folders].map(([folder, into]) => [folder, [...into].sort()]));
}

/** Each import that climbs from a folder into one of a higher layer, and each folder no layer names. */
function upwardImports(graph: ReadonlyMap<string, string[]>, layers: readonly (readonly string[])[]): string[] {
  const layerOf = new Map(layers.flatMap((folders, layer) => folders.map((folder) => [folder, layer] as const)));
  const wrong = new Set<string>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!layerOf.has(from)) wrong.add(`${from}: in no layer`);
    for (const target of targets) {
      const into = folderOf(target);
      if (!layerOf.has(into)) wrong.add(`${into}: in no layer`);
      else if (layerOf.has(from) && layerOf.get(into)! > layerOf.get(from)!)
        wrong.add(`${file} → ${target}: ${from} is below ${into}`);
    }
  }
  return [...wrong];
}

describe('server imports', () => {
  const all = importGraph();
  const graph = serverOnly(all);

  it('reads the whole server, dynamic imports included', () => {
    expect(graph.size).toBeGreaterThan(80);
    expect(graph.get('app.ts')).toContain('routes/auth.ts');
    expect(graph.get('storage/openFileStorage.ts')).toContain('storage/s3Files.ts');
  });

  it('finds a cycle where there is one', () => {
    const sample = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(cyclesOf(sample)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('finds a cycle closed by a dynamic import() alone, and reads every kind of import', () => {
    const lazyBack = graphOf(
      new Map([
        ['db/open.ts', "import type { Files } from '../storage/files.ts';\nexport const x = 1;"],
        ['storage/files.ts', "export async function files() {\n  return import('../db/open.ts');\n}"],
        ['storage/more.ts', "export * from './files.ts';\nimport './setup.ts';"],
      ]),
    );
    expect(lazyBack.get('storage/more.ts')).toEqual(['storage/files.ts', 'storage/setup.ts']);
    expect(cyclesOf(lazyBack)).toEqual([['db/open.ts', 'storage/files.ts']]);
  });

  it('has no cycle, dynamic import() and type imports included', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('keeps the shared helpers at the bottom and the routes at the top', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph)
      for (const target of targets) {
        if (file.startsWith('shared/')) wrong.push(`${file} → ${target}: shared/ imports nothing of the server`);
        if (target.startsWith('routes/') && !file.startsWith('routes/') && file !== 'app.ts')
          wrong.push(`${file} → ${target}: only app.ts assembles routes`);
        if (file.startsWith('http/') && (target.startsWith('routes/') || target.startsWith('docs/')))
          wrong.push(`${file} → ${target}: http/ is below routes and docs`);
      }
    expect(wrong).toEqual([]);
  });

  it('reads of the client only src/domain/, the code both sides share', () => {
    const client = [...all].flatMap(([file, targets]) =>
      targets.filter((target) => target.startsWith('..')).map((target) => `${file} → ${target}`),
    );
    expect(client.length).toBeGreaterThan(0);
    expect(client.filter((edge) => !edge.split(' → ')[1].startsWith('../src/domain/'))).toEqual([]);
  });

  it('finds an import that climbs a layer, a folder no layer names and a folder cycle', () => {
    const planted = new Map([
      ['db/open.ts', ['shared/sql.ts', 'http/answers.ts']],
      ['http/answers.ts', ['shared/errors.ts']],
      ['shared/sql.ts', []],
      ['shared/errors.ts', []],
      ['learning/a.ts', ['tickets/b.ts']],
      ['tickets/b.ts', ['learning/c.ts']],
      ['learning/c.ts', []],
      ['attic/old.ts', ['db/open.ts']],
    ]);
    expect(upwardImports(planted, LAYERS)).toEqual([
      'db/open.ts → http/answers.ts: db is below http',
      'attic: in no layer',
    ]);
    expect(cyclesOf(folderGraph(planted))).toEqual([['learning', 'tickets']]);
  });

  it('names every folder of the server in one layer, and no folder that is gone', () => {
    const named = LAYERS.flat();
    expect(new Set(named).size).toBe(named.length);
    expect([...folderGraph(graph).keys()].sort()).toEqual([...named].sort());
  });

  it('keeps the folders in their layers: no import climbs one and no folder reaches itself', () => {
    expect(upwardImports(graph, LAYERS)).toEqual([]);
    expect(cyclesOf(folderGraph(graph))).toEqual([]);
  });
});
