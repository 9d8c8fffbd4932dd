import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers point one way: no module reaches itself through its imports (type imports included:
 * a cycle of types is still two modules that cannot be read apart), the shared helpers import nothing of
 * the server, and only the app assembles the routes.
 */

const ROOT = resolve(__dirname, '../../server');
const IMPORT = /^(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'/gm;

function importGraph(): Map<string, string[]> {
  const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((match) => relative(ROOT, resolve(ROOT, dirname(file), match[1])));
    graph.set(
      file,
      targets.filter((target) => !target.startsWith('..')),
    );
  }
  return graph;
}

/** Every cycle's modules, each cycle once (strongly connected components of more than one module, or a self-import). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
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

describe('server imports', () => {
  const graph = importGraph();

  it('reads the whole server', () => {
    expect(graph.size).toBeGreaterThan(80);
    expect(graph.get('app.ts')).toContain('routes/auth.ts');
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

  it('has no cycle', () => {
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
});
