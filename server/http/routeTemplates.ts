import type { FastifyInstance } from 'fastify';
import { routeTemplateOf } from '../../src/domain/errorCalls.ts';

interface Route {
  method: string;
  segments: string[];
  /** Static segments count first when two routes match a path, as Fastify's router prefers them. */
  statics: number;
  template: string;
}

const isParameter = (segment: string) => segment.startsWith(':');

/**
 * The server's routes, to tell which one a path called: an error report names the path (`/api/tags/25`), the
 * incident list groups by the route (`/api/tags/{id}`). Filled by an `onRoute` hook added before any route,
 * so it knows every route of the app; read only after start-up.
 */
export class RouteTemplates {
  private readonly routes: Route[] = [];

  /** Records every route registered from now on in `app` (its root, so that every plugin's are seen). */
  listen(app: FastifyInstance): void {
    app.addHook('onRoute', ({ method, url }) => {
      for (const one of Array.isArray(method) ? method : [method]) this.add(one, url);
    });
  }

  add(method: string, url: string): void {
    if (!url.startsWith('/api/')) return;
    const segments = url.split('/');
    this.routes.push({
      method: method.toUpperCase(),
      segments,
      statics: segments.filter((segment) => !isParameter(segment)).length,
      template: routeTemplateOf(url),
    });
  }

  /** The template of the route that serves `path` (its query string ignored), for `method` if known. */
  match(path: string, method?: string | null): string | null {
    const segments = path.split(/[?#]/)[0].split('/');
    let best: Route | undefined;
    for (const route of this.routes) {
      if (method && route.method !== method.toUpperCase()) continue;
      if (route.segments.length !== segments.length) continue;
      const fits = route.segments.every((segment, index) =>
        isParameter(segment) ? segments[index] !== '' : segment === segments[index],
      );
      if (fits && (!best || route.statics > best.statics)) best = route;
    }
    return best?.template ?? null;
  }
}
