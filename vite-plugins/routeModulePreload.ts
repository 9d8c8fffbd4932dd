import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

const SCREENS_MODULE = /\/src\/resources\/([^/]+)\/screens\.ts$/;

export interface RouteModulePreloadOptions {
  /** The generic list screen every resource's list renders. */
  listScreen: RegExp;
  /** The sessionStorage key of the session's token: without one, the app shows the login form instead. */
  tokenKey: string;
  /** The resource `/` lands on. */
  landing: string;
}

/**
 * Starts downloading a list page's lazy code together with the entry, instead of once the entry has run.
 * A few lines in index.html read the route from the location (`#/courses`) and add `<link rel=modulepreload>`
 * for that resource's declaration and the list screen with the chunks they import. The app still loads
 * them with `import()`; they are simply there already. Only for a signed-in session on a list route: a
 * visitor gets the login form, and other pages are rarely where a visit starts.
 */
export function routeModulePreload({ listScreen, tokenKey, landing }: RouteModulePreloadOptions): Plugin {
  let base = '/';
  return {
    name: 'route-module-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output): output is OutputChunk => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const closure = (start: OutputChunk[]): Set<string> => {
        const files = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = chunks.get(file);
            if (imported) visit(imported);
          }
        };
        start.forEach(visit);
        return files;
      };
      const all = [...chunks.values()];
      const loadedWithEntry = closure(all.filter((chunk) => chunk.isEntry));
      const list = all.find((chunk) => chunk.facadeModuleId && listScreen.test(chunk.facadeModuleId));
      if (!list) return this.error(`routeModulePreload: no chunk for the list screen ${listScreen}`);
      const needed = (start: OutputChunk[]) => [...closure(start)].filter((file) => !loadedWithEntry.has(file));
      const listFiles = needed([list]);
      const screens: Record<string, string[]> = {};
      for (const chunk of all) {
        const match = chunk.facadeModuleId && SCREENS_MODULE.exec(chunk.facadeModuleId);
        if (match) screens[match[1]] = needed([chunk]).filter((file) => !listFiles.includes(file));
      }

      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return this.error('routeModulePreload: index.html is not in the bundle');
      const script = [
        '(function () {',
        `  var screens = ${JSON.stringify(screens)}, list = ${JSON.stringify(listFiles)};`,
        `  var path = location.hash.replace(/^#/, '').split('?')[0].split('/').filter(Boolean);`,
        `  var resource = path.length === 0 ? ${JSON.stringify(landing)} : path.length === 1 ? path[0] : '';`,
        `  if (!screens[resource] || !sessionStorage.getItem(${JSON.stringify(tokenKey)})) return;`,
        '  screens[resource].concat(list).forEach(function (file) {',
        "    var link = document.createElement('link');",
        `    link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = ${JSON.stringify(base)} + file;`,
        '    document.head.appendChild(link);',
        '  });',
        '})();',
      ].join('\n');
      html.source = String(html.source).replace('</head>', `  <script>\n${script}\n</script>\n  </head>`);
    },
  };
}
