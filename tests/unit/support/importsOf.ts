// Imports and re-exports (`import type` included: it is a dependency of the design), side-effect imports,
// and dynamic import(): whatever a module names, it depends on.
const IMPORT = /^\s*(?:import|export)\s[^'";]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*[,)]/gm;

/** Every specifier a module's text imports, relative or a package's, in the order written. */
export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
}
