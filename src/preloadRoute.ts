import { LoginPage } from './custom/auth/lazyPages';
import { Dashboard } from './custom/dashboard/lazyDashboard';
import { LIST_PER_PAGE } from './custom/crud/fieldSpec';
import { expectFirstRows } from './custom/useAfterFirstPaint';
import { listSortOf } from './custom/crud/listSort';
import { preloadOutline } from './custom/outline/preloadOutline';
import { appStore } from './providers/appStore';
import { isPublicRoute, sessionAllows } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { firstListRequest, startEarlyList } from './providers/earlyList';
import { sessionStore } from './providers/sessionStore';
import { resources } from './resources';
import type { ResourceDefinition } from './resources/types';

type ScreenKind = 'list' | 'create' | 'show' | 'edit';
type Screen = ResourceDefinition[ScreenKind];

/**
 * The resource screen a route of react-admin's shows: `/users` its list, `/users/create`, `/users/7/show`,
 * `/users/7` (edit). `/` is the home page, no resource's; `/courses/7/learners` is a page of its own.
 */
export function routeOf(path: string): { definition: ResourceDefinition; kind: ScreenKind } | undefined {
  const [name, id, action] = path.split('/').filter(Boolean);
  if (name === undefined) return undefined;
  const definition = resources.find((resource) => resource.name === name);
  if (!definition) return undefined;
  if (id === undefined) return { definition, kind: 'list' };
  if (id === 'create' && action === undefined) return { definition, kind: 'create' };
  // A page of a record beyond react-admin's screens (a course's outline, its learners) is a page of its own.
  if (action !== undefined && action !== 'show') return undefined;
  return { definition, kind: action === 'show' ? 'show' : 'edit' };
}

export function screenOf(path: string): Screen | undefined {
  const route = routeOf(path);
  return route && route.definition[route.kind];
}

const canPreload = (screen: Screen): screen is Screen & { preload: () => Promise<void> } =>
  Boolean(screen && 'preload' in screen && typeof screen.preload === 'function');

/**
 * Starts loading what the page the app opens on needs, before React renders: its code, instead of after
 * the layout has rendered, and a list's first page, instead of after the list has rendered (earlyList.ts).
 * A visitor without a session gets the login form's code instead. Resolves once that code, and that page,
 * are in (it never rejects: a failure is the screen's to show).
 */
export function preloadRoute(hash: string, signedIn = Boolean(sessionStore.getToken())): Promise<void> {
  const [routePath, query] = hash.replace(/^#/, '').split('?');
  const path = routePath || '/';
  if (isPublicRoute(path)) return Promise.resolve();
  if (!signedIn) return LoginPage.preload();
  if (path === '/') return Dashboard.preload();
  const outline = preloadOutline(path);
  if (outline) return outline;
  const route = routeOf(path);
  if (!route) return Promise.resolve();
  const { name, listSort } = route.definition;
  // The request first: the browser opens a handful of connections, and the screen's code takes several.
  let data = Promise.resolve();
  if (route.kind === 'list' && sessionAllows(name, 'list')) {
    const request = firstListRequest({
      search: query ? `?${query}` : '',
      stored: appStore.getItem(`${name}.listParams`),
      sort: listSortOf(name, listSort),
      perPage: LIST_PER_PAGE,
    });
    data = startEarlyList(dataProvider, name, request);
    expectFirstRows();
  }
  const screen = route.definition[route.kind];
  const code = canPreload(screen) ? screen.preload() : Promise.resolve();
  return Promise.all([code, data]).then(() => undefined);
}
