import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { preloadRoute } from './preloadRoute';

/*
 * The router react-admin would create itself, but with navigations outside React transitions, as in
 * react-router 6 which react-admin 5 was written for. With react-router 7's default (transitions), the
 * redirect of an anonymous visitor to /login keeps being interrupted by react-admin's store reset and
 * re-issued: hundreds of navigations and seconds before the login form shows (react-admin issue #10885).
 */
const router = createHashRouter([{ path: '*', element: <App /> }]);

preloadRoute(window.location.hash);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} useTransitions={false} />
  </StrictMode>,
);
