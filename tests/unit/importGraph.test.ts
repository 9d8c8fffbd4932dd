import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf } from './support/importsOf';

/**
 * The client's modules point one way. No import cycle under src/, dynamic import() included: a cycle makes
 * the order modules run in depend on which one the app loads first, and a lazy import() back up the graph
 * still ties the lower module to everything above it. The folders are layers, each importing only its own
 * and those below it:
 *
 *   main.tsx, App.tsx, preloadRoute.ts, theme.ts   the app: assembles providers, resources, custom routes
 *   resources/                                     one folder a resource, and the registry listing them
 *   custom/                                        generic screens and parts; a resource only through
 *                                                  react-admin's definition (useResourceDefinition)
 *   providers/                                     data, auth, i18n providers, session, http client
 *   i18n/                                          the words
 *   domain/                                        pure TypeScript shared with the server: no package
 *
 * One import style too: relative imports without an extension, as bundlers and tsx resolve them.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative specifiers a file imports. */
function relativeImports(text: string): string[] {
  return importsOf(text).filter((specifier) => specifier.startsWith('.'));
}

function resolveImport(from: string, specifier: string, isFile = realFile): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = /\.tsx?$/.test(base)
    ? [base]
    : [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find(isFile);
}

function realFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** Each file's modules, resolved, among `texts` (a file's imports of anything else are left out). */
function graphOf(texts: ReadonlyMap<string, string>): Map<string, string[]> {
  return new Map(
    [...texts].map(([file, text]) => [
      file,
      relativeImports(text)
        .map((specifier) => resolveImport(file, specifier, (path) => texts.has(path)))
        .filter((target): target is string => target !== undefined),
    ]),
  );
}

/** Every cycle's path, found by a depth-first walk (each reported once, from its first file met). */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** The layers, bottom first; a file directly under src/ belongs to the app, the top. */
const LAYERS = ['domain', 'i18n', 'providers', 'custom', 'resources', 'app'] as const;

function layerOf(file: string): (typeof LAYERS)[number] {
  const [first, ...rest] = relative(src, file).split(sep);
  if (rest.length === 0) return 'app';
  const layer = LAYERS.find((name) => name === first);
  if (!layer) throw new Error(`${relative(root, file)}: a folder of src/ the layers do not place`);
  return layer;
}

/** The imports that point up the layers, as `file → target (from layer → to layer)`. */
function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) => LAYERS.indexOf(layerOf(target)) > LAYERS.indexOf(layerOf(file)))
      .map((target) => `${relative(root, file)} → ${relative(root, target)} (${layerOf(file)} → ${layerOf(target)})`),
  );
}

const files = sourceFiles(src);
const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const graph = graphOf(texts);

describe('the client import graph', () => {
  it('finds a cycle when there is one', () => {
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
          ['c', ['a', 'b']],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads every kind of import: type, re-export, side effect, dynamic', () => {
    expect(
      importsOf(
        [
          "import { a } from './a';",
          "import type { B } from '../b';",
          "export * from './c';",
          "export { type E } from './e';",
          "import './d.css';",
          'import {',
          '  f,',
          "} from 'react-admin';",
          "const G = lazyComponent(() => import('./G').then((module) => module.G));",
          "const h = () =>\n  import( './h' );",
        ].join('\n'),
      ),
    ).toEqual(['./a', '../b', './c', './e', './d.css', 'react-admin', './G', './h']);
  });

  it('finds a cycle closed by a dynamic import() alone', () => {
    const lazyBack = new Map([
      [join(src, 'x', 'registry.ts'), "import { screen } from './screen';"],
      [join(src, 'x', 'screen.ts'), "export const screen = () => import('./registry');"],
      [join(src, 'x', 'apart.ts'), "import { screen } from './screen';"],
    ]);
    expect(findCycles(graphOf(lazyBack)).map((cycle) => cycle.map((file) => relative(src, file)))).toEqual([
      ['x/registry.ts', 'x/screen.ts', 'x/registry.ts'].map((path) => path.split('/').join(sep)),
    ]);
    const onlyLazy = new Map([
      [join(src, 'a.ts'), "const b = () => import('./b');"],
      [join(src, 'b.ts'), "const a = () => import('./a');"],
    ]);
    expect(findCycles(graphOf(onlyLazy))).toHaveLength(1);
  });

  it('has no import cycle under src/, dynamic import() included', () => {
    expect(findCycles(graph).map((cycle) => cycle.map((file) => relative(root, file)).join(' → '))).toEqual([]);
  });

  it('reads the lazy screens: the graph has the import() edges', () => {
    const lazyScreen = join(src, 'custom', 'crud', 'lazyScreen.ts');
    expect(graph.get(lazyScreen)).toContain(join(src, 'custom', 'crud', 'ResourceShow.tsx'));
  });

  it('places every file in a layer, and finds an upward import', () => {
    expect(
      files
        .map(layerOf)
        .filter((layer, index, all) => all.indexOf(layer) === index)
        .sort(),
    ).toEqual([...LAYERS].sort());
    const upward = new Map([
      [join(src, 'custom', 'crud', 'fieldValue.tsx'), [join(src, 'resources', 'choices.ts')]],
      [join(src, 'resources', 'users', 'index.ts'), [join(src, 'custom', 'crud', 'lazyScreen.ts')]],
    ]);
    expect(upwardImports(upward)).toEqual([
      `${join('src', 'custom', 'crud', 'fieldValue.tsx')} → ${join('src', 'resources', 'choices.ts')} (custom → resources)`,
    ]);
  });

  // custom/ ↛ resources/: the generic screens read a resource through react-admin's definition, never the
  // registry or a resource's folder; providers/ ↛ custom/, i18n/ ↛ providers/, domain/ ↛ anything.
  it('imports only down the layers: app → resources → custom → providers → i18n → domain', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('keeps domain/ pure: it imports no package, only domain/', () => {
    const packages = files
      .filter((file) => layerOf(file) === 'domain')
      .flatMap((file) =>
        importsOf(texts.get(file)!)
          .filter((specifier) => !specifier.startsWith('.'))
          .map((specifier) => `${relative(root, file)}: ${specifier}`),
      );
    expect(packages).toEqual([]);
    expect(files.filter((file) => layerOf(file) === 'domain' && file.endsWith('.tsx'))).toEqual([]);
  });

  it('imports nothing outside src/', () => {
    const outside = files.flatMap((file) =>
      relativeImports(texts.get(file)!)
        .filter((specifier) => !resolve(dirname(file), specifier).startsWith(src + sep))
        .map((specifier) => `${relative(root, file)}: ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it('resolves every relative import of src/', () => {
    const unresolved = files.flatMap((file) =>
      relativeImports(texts.get(file)!)
        .filter((specifier) => !/\.(css|svg|png|json)$/.test(specifier) && !resolveImport(file, specifier))
        .map((specifier) => `${relative(root, file)}: ${specifier}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('writes relative imports without an extension', () => {
    const withExtension = files.flatMap((file) =>
      relativeImports(texts.get(file)!)
        .filter((specifier) => /\.tsx?$/.test(specifier))
        .map((specifier) => `${relative(root, file)}: ${specifier}`),
    );
    expect(withExtension).toEqual([]);
  });
});
