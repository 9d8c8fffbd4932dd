import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { preloadRoute } from './preloadRoute';
import { isPublicRoute } from './providers/authProvider';
import { sessionStore } from './providers/sessionStore';
import { tabSessions } from './providers/tabSessions';

/*
 * The router react-admin would create itself, but with navigations outside React transitions, as in
 * react-router 6 which react-admin 5 was written for. With react-router 7's default (transitions), the
 * redirect of an anonymous visitor to /login keeps being interrupted by react-admin's store reset and
 * re-issued: hundreds of navigations and seconds before the login form shows. Reported to react-admin:
 * https://github.com/marmelab/react-admin/issues/10885.
 */
const router = createHashRouter([{ path: '*', element: <App /> }]);

/*
 * The first render waits for what the page needs (its screen's code, a list's first rows), up to a limit:
 * rendered without them, the layout renders, then renders again around the screen and again with the
 * rows, and the screen's code only runs once React lets go of the main thread. Past the limit the app
 * renders anyway, with the screen's loader.
 */
const FIRST_RENDER_WAIT_MS = 400;

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} useTransitions={false} />
    </StrictMode>,
  );
}

/**
 * A tab opened without a session on a page that needs one first asks the browser's other tabs for one. One
 * that comes after the wait, the login form already shown, opens the page first asked for.
 */
async function adoptTabSession(): Promise<void> {
  const wanted = window.location.hash;
  const path = wanted.replace(/^#/, '').split('?')[0] || '/';
  if (!sessionStore.getToken() && !isPublicRoute(path))
    await tabSessions.adopt(() => {
      window.location.hash = wanted;
      window.location.reload();
    });
}

void adoptTabSession()
  .then(() =>
    Promise.race([
      preloadRoute(window.location.hash),
      new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
    ]),
  )
  .then(render);
