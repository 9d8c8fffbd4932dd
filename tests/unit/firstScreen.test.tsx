// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/App';
import { preloadRoute } from '../../src/preloadRoute';
import { sessionStore } from '../../src/providers/sessionStore';

/*
 * The app as src/main.tsx starts it (the route's preload, then the router around <App>), on a fake API:
 * what the first screen asks the server before its rows show.
 */

const COURSES = [
  { id: 1, title: 'Chimie', status: 'published', updatedAt: '2026-03-02T10:00:00.000Z' },
  { id: 2, title: 'Physique', status: 'draft', updatedAt: '2026-03-01T10:00:00.000Z' },
];

let listCalls: string[] = [];

beforeEach(() => {
  listCalls = [];
  const payload = btoa(JSON.stringify({ role: ['ROLE_SUPER_ADMIN'], exp: Math.floor(Date.now() / 1000) + 3600 }));
  sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_SUPER_ADMIN'] });
  // The layout's live events: jsdom has no EventSource, and the first screen does not wait for one.
  vi.stubGlobal(
    'EventSource',
    class {
      addEventListener() {}
      close() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      // Every collection the first screen reads is counted; only the courses have rows.
      if (/^\/api\/[\w-]+$/.test(url.pathname)) listCalls.push(`${url.pathname}${url.search}`);
      const member = url.pathname === '/api/courses' ? COURSES : [];
      return Response.json({ member, totalItems: member.length });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
  window.location.hash = '';
});

async function openApp(hash: string) {
  window.location.hash = hash;
  await preloadRoute(window.location.hash);
  const router = createHashRouter([{ path: '*', element: <App /> }]);
  render(<RouterProvider router={router} useTransitions={false} />);
}

describe('the first screen', () => {
  it('asks the API once before its first row: the list’s own page, in its own order', async () => {
    await openApp('#/courses');
    await screen.findByText('Physique', undefined, { timeout: 10_000 });
    // A request sent a moment later (a list that asked again) would count as well.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listCalls).toEqual(['/api/courses?page=1&itemsPerPage=25&order%5BupdatedAt%5D=desc']);
  });
});
