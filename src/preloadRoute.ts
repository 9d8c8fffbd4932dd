import { LoginPage } from './custom/auth/lazyPages';
import { isPublicRoute } from './providers/authProvider';
import { sessionStore } from './providers/sessionStore';
import { resources } from './resources';
import type { ResourceDefinition } from './resources/types';

type Screen = ResourceDefinition['list'];

/**
 * The resource screen a route of react-admin's shows: `/users` its list, `/users/create`, `/users/7/show`,
 * `/users/7` (edit). `/` lands on the first resource's list (react-admin's default).
 */
export function screenOf(path: string): Screen | undefined {
  const [name, id, action] = path.split('/').filter(Boolean);
  const definition = name === undefined ? resources[0] : resources.find((resource) => resource.name === name);
  if (!definition) return undefined;
  if (id === undefined) return definition.list;
  if (id === 'create' && action === undefined) return definition.create;
  return action === 'show' ? definition.show : definition.edit;
}

/**
 * Starts loading the code of the page the app opens on, before React renders: its chunk comes down while
 * the entry runs, instead of after the layout has rendered. A visitor without a session gets the login
 * form's code instead.
 */
export function preloadRoute(hash: string, signedIn = Boolean(sessionStore.getToken())): void {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  if (isPublicRoute(path)) return;
  const screen = signedIn ? screenOf(path) : LoginPage;
  if (screen && 'preload' in screen && typeof screen.preload === 'function') void screen.preload();
}
