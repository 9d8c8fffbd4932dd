import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/domain/releases.ts';
import { administratorOf, type Caller, createAs, sendAs, type Who } from '../security/support/structures.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * `GET /api/{modules|chapters|chapter-parts}/{id}/time-zone`: the clock a node's release date is read and written
 * on, on the node's own pages: its course's structure's time zone, the domain's default until platform staff name
 * another; a stranger's node is not found.
 */
let t: TestApp;
let stranger: Caller;

beforeAll(async () => {
  t = await createTestApp();
  stranger = (await administratorOf(t, Number(t.users.contributor.company), true)).caller;
});
afterAll(async () => {
  await t?.close();
});

const send = (who: Who, method: string, url: string, body?: unknown) => sendAs(t, who, method, url, body);

const create = async (resource: string, body: Record<string, unknown>) =>
  (await createAs(t, 'contributor', resource, body)).id;

describe("a node's time zone", () => {
  it("is its course's structure's on every level, and a stranger finds no node", async () => {
    const course = await create('courses', { title: `Fuseau ${Date.now()}` });
    const module = await create('modules', { title: 'M', course: `/api/courses/${course}` });
    const chapter = await create('chapters', { title: 'C', module: `/api/modules/${module}` });
    const part = await create('chapter-parts', {
      chapter: `/api/chapters/${chapter}`,
      type: 'interactive_text',
      content: { question: 'Q' },
    });
    const nodes = [`modules/${module}`, `chapters/${chapter}`, `chapter-parts/${part}`];
    const zones = async () =>
      Promise.all(
        nodes.map(async (node) => {
          const response = await send('contributor', 'GET', `/api/${node}/time-zone`);
          expect(response.status, response.body).toBe(200);
          return response.json.timeZone;
        }),
      );
    expect(await zones()).toEqual([DEFAULT_TIME_ZONE, DEFAULT_TIME_ZONE, DEFAULT_TIME_ZONE]);

    const structure = Number(t.users.contributor.company);
    const changed = await send('superadmin', 'PUT', `/api/companies/${structure}`, { timeZone: 'America/New_York' });
    expect(changed.status, changed.body).toBe(200);
    try {
      expect(await zones()).toEqual(['America/New_York', 'America/New_York', 'America/New_York']);
    } finally {
      await send('superadmin', 'PUT', `/api/companies/${structure}`, { timeZone: DEFAULT_TIME_ZONE });
    }

    for (const node of nodes) expect((await send(stranger, 'GET', `/api/${node}/time-zone`)).status).toBe(404);
    expect((await send('contributor', 'GET', `/api/modules/999999999/time-zone`)).status).toBe(404);
  });
});
