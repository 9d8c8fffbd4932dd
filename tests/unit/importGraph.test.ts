import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The client's modules point one way: no import cycle under src/ (a cycle makes the order modules run in
 * depend on which one the app loads first, and ties a resource's folder to the registry that lists it), and
 * one import style (relative imports without an extension, as bundlers and tsx resolve them).
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

// Static imports and re-exports only: a dynamic import() loads later and cannot close a cycle at load time.
const IMPORT = /^\s*(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'/gm;

/** The relative specifiers a file imports statically, `import type` included (it is a dependency of the design). */
function relativeImports(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2]);
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = /\.tsx?$/.test(base)
    ? [base]
    : [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
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

const files = sourceFiles(src);
const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const graph = new Map(
  files.map((file) => [
    file,
    relativeImports(texts.get(file)!)
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== undefined && target.startsWith(src)),
  ]),
);

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
    expect(
      relativeImports(
        "import { a } from './a';\nimport type { B } from '../b';\nexport * from './c';\nimport './d.css';",
      ),
    ).toEqual(['./a', '../b', './c', './d.css']);
  });

  it('has no import cycle under src/', () => {
    expect(findCycles(graph).map((cycle) => cycle.map((file) => relative(root, file)).join(' → '))).toEqual([]);
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
