import { describe, expect, it } from 'vitest';
import { COPY_MAX_ROWS, COPY_TOO_LARGE } from '../../src/domain/copies';
import { fr } from '../../src/i18n/fr';
import { createDataProvider } from '../../src/providers/dataProvider';
import { HttpError } from 'react-admin';
import { createHttpClient, type HttpClient, type HttpOptions } from '../../src/providers/httpClient';
import { hydraQuery } from '../../src/providers/hydra';
import { createSessionStore, memoryStorage } from '../../src/providers/sessionStore';
import { filenameOf } from '../../src/providers/transfer';

/** A fake API: records each call and answers what the test says. */
function fakeHttp(answer: (url: string, options: HttpOptions) => unknown = () => ({})) {
  const calls: { url: string; options: HttpOptions }[] = [];
  const http: HttpClient = async (url, options = {}) => {
    calls.push({ url, options });
    const json = answer(url, options);
    return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
  };
  return { http, calls };
}

const provider = (answer?: (url: string, options: HttpOptions) => unknown) => {
  const fake = fakeHttp(answer);
  return { ...fake, dp: createDataProvider({ http: fake.http, hasToken: () => true, save: () => undefined }) };
};

describe('Hydra listings', () => {
  it('reads prefixed collections, members IRIs turned into ids and JSON-LD keys dropped', async () => {
    const { dp } = provider(() => ({
      'hydra:member': [
        {
          '@id': '/api/modules/3',
          '@type': 'Module',
          id: 3,
          course: '/api/courses/7',
          tags: ['/api/tags/1', '/api/tags/2'],
          title: 'M',
        },
      ],
      'hydra:totalItems': 41,
    }));
    const result = await dp.getList('modules', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'title', order: 'DESC' },
      filter: {},
    });
    expect(result).toEqual({ data: [{ id: 3, course: 7, tags: [1, 2], title: 'M' }], total: 41 });
  });

  it("reads API Platform 4's unprefixed keys, and page links when there is no total", async () => {
    const { dp } = provider(() => ({ member: [{ id: 1 }], view: { next: '/api/tags?page=2' } }));
    const result = await dp.getList('tags', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(result).toEqual({ data: [{ id: 1 }], pageInfo: { hasNextPage: true, hasPreviousPage: false } });
  });

  it('asks for JSON-LD with page, itemsPerPage, order and filters in API Platform dialect', async () => {
    const { dp, calls } = provider(() => ({ 'hydra:member': [], 'hydra:totalItems': 0 }));
    await dp.getList('courses', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'publishedAt', order: 'DESC' },
      filter: { q: 'excel', status: ['draft', 'published'], updatedAt: { after: '2026-01-01' }, empty: '', none: null },
    });
    expect(calls[0].options.listing).toBe(true);
    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/courses');
    expect([...url.searchParams]).toEqual([
      ['page', '3'],
      ['itemsPerPage', '25'],
      ['order[publishedAt]', 'desc'],
      ['q', 'excel'],
      ['status[]', 'draft'],
      ['status[]', 'published'],
      ['updatedAt[after]', '2026-01-01'],
    ]);
  });

  it('filters getManyReference on the target, and getMany fetches each id', async () => {
    const { dp, calls } = provider((url) =>
      url.includes('?') ? { 'hydra:member': [], 'hydra:totalItems': 0 } : { id: Number(url.split('/').pop()) },
    );
    await dp.getManyReference('chapters', {
      target: 'module',
      id: 4,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'position', order: 'ASC' },
      filter: {},
    });
    expect(calls[0].url).toContain('module=4');
    const many = await dp.getMany('tags', { ids: [5, 6] });
    expect(many.data.map((tag) => tag.id)).toEqual([5, 6]);
  });

  it('getMany answers the records that exist: a deleted one is left out, other failures still fail', async () => {
    const answering =
      (failing: number, status: number): HttpClient =>
      async (url) => {
        const id = Number(url.split('/').pop());
        if (id === failing) throw new HttpError('gone', status, {});
        const json = { id, name: `tag ${id}` };
        return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
      };
    const kept = createDataProvider({ http: answering(6, 404), hasToken: () => true, save: () => undefined });
    expect((await kept.getMany('tags', { ids: [5, 6, 7] })).data.map((tag) => tag.id)).toEqual([5, 7]);
    const failed = createDataProvider({ http: answering(6, 500), hasToken: () => true, save: () => undefined });
    await expect(failed.getMany('tags', { ids: [5, 6] })).rejects.toMatchObject({ status: 500 });
  });

  it('keeps the order of several parameters the way URLSearchParams reads them back', () => {
    expect(hydraQuery({ filter: { 'chapter.module': 3 } }).toString()).toBe('chapter.module=3');
  });
});

describe('writes: ids back to IRIs', () => {
  it('sends relations as IRIs, to-one and to-many, and leaves embedded objects alone', async () => {
    const { dp, calls } = provider((_url, options) => ({ id: 9, ...JSON.parse(String(options.body ?? '{}')) }));
    const { data } = await dp.create('courses', {
      data: { title: 'T', language: 2, tags: [1, '3'], content: { a: 1 } },
    });
    const sent = JSON.parse(String(calls[0].options.body));
    expect(sent).toEqual({
      title: 'T',
      language: '/api/languages/2',
      tags: ['/api/tags/1', '/api/tags/3'],
      content: { a: 1 },
    });
    // The answer comes back with ids again.
    expect(data).toMatchObject({ id: 9, language: 2, tags: [1, 3] });
  });
});

describe('updates', () => {
  it('send only what the form changed, not the read-only and embedded fields it carries along', async () => {
    const { dp, calls } = provider((_url, options) => ({ id: 7, ...JSON.parse(String(options.body)) }));
    const previousData = {
      id: 7,
      subject: 'Avant',
      status: 'created',
      parent: { '@id': '/api/users/3', id: 3, name: 'Léa' },
      tags: [1],
    };
    await dp.update('tickets', { id: 7, data: { ...previousData, subject: 'Après', tags: [1, 2] }, previousData });
    expect(JSON.parse(String(calls[0].options.body))).toEqual({ subject: 'Après', tags: [1, 2] });
  });
});

describe('the route table', () => {
  it('deletes folders at the singular path, other resources at their own', async () => {
    const { dp, calls } = provider();
    await dp.delete('folders', { id: 12, previousData: { id: 12 } });
    await dp.deleteMany('sheets', { ids: [1, 2] });
    expect(calls.map((call) => `${call.options.method} ${call.url}`)).toEqual([
      'DELETE /api/folder/12',
      'DELETE /api/sheets/1',
      'DELETE /api/sheets/2',
    ]);
  });

  it('puts every action at its path with its body', async () => {
    const { dp, calls } = provider(() => ({ id: 1 }));
    await dp.reorder('chapter-parts', { id: 5, position: 2 });
    await dp.addChapterUnlocks({ id: 5, ids: [6, '/api/chapters/7'] });
    await dp.removeAccessRights({ id: 3, ids: [1] });
    await dp.addSkills({ id: 8, ids: [2] });
    await dp.copy('modules', { id: 4, into: 9 });
    await dp.getMyBugTickets();
    await dp.getUsersOfType('admin');
    await dp.getFolderTree();
    await dp.getLanguages();
    await dp.getComments({ object: 'chapterPart', id: 11 });
    expect(
      calls.map((call) => `${call.options.method ?? 'GET'} ${call.url} ${call.options.body ?? ''}`.trim()),
    ).toEqual([
      'PUT /api/chapter-parts/5/reorder {"position":2}',
      'PUT /api/chapters/5/add-chapter-unlocks {"chapters":["/api/chapters/6","/api/chapters/7"]}',
      'PUT /api/users/3/remove-access-rights {"accessRights":["/api/access-rights/1"]}',
      'PUT /api/courses/8/add-skills {"skills":["/api/skills/2"]}',
      'POST /api/modules/4/copy {"course":"/api/courses/9"}',
      'GET /api/tickets/user?type=1',
      'GET /api/users?type=admin',
      'GET /api/folders/1/tree?purge=1',
      'GET /api/languages?page=1&itemsPerPage=500',
      'GET /api/comments?chapterPart=11',
    ]);
  });

  it("rejects countries and filters with 'noJwt' when there is no token, without calling", async () => {
    const { http, calls } = fakeHttp();
    const dp = createDataProvider({ http, hasToken: () => false, save: () => undefined });
    await expect(dp.getCountries()).rejects.toMatchObject({ message: 'noJwt' });
    await expect(dp.getFilters('courses')).rejects.toMatchObject({ message: 'noJwt' });
    expect(calls).toEqual([]);
  });
});

describe('the http client under the provider', () => {
  function kit(respond: (url: string, init: RequestInit) => Response) {
    const storage = memoryStorage();
    const session = createSessionStore(() => storage);
    const payload = btoa(JSON.stringify({ role: ['ROLE_ADMIN'], exp: Math.floor(Date.now() / 1000) + 3600 }));
    session.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
    const client = createHttpClient({
      fetch: async (url, init) => respond(url, init ?? {}),
      // A stand-in for XMLHttpRequest: reports progress in two steps, then answers.
      fetchWithProgress: async (url, init, onProgress) => {
        onProgress({ loaded: 5, total: 10 });
        onProgress({ loaded: 10, total: 10 });
        return respond(url, init);
      },
      session,
      errorCallUrl: 'http://errors.invalid/api/errorCall',
    });
    return { client };
  }

  it('maps a 422 to an HttpError whose body puts each violation on its field', async () => {
    const { client } = kit((url) =>
      url.includes('errorCall')
        ? new Response(null, { status: 204 })
        : Response.json(
            {
              '@type': 'ConstraintViolationList',
              status: 422,
              violations: [
                { propertyPath: 'title', message: 'This value should not be blank.', code: 'blank' },
                { propertyPath: 'title', message: 'Second message for the same field.' },
                { propertyPath: 'content.url', message: 'Only https addresses are accepted.', code: 'https_only' },
              ],
            },
            { status: 422 },
          ),
    );
    const dp = createDataProvider({ http: client.httpClient, hasToken: () => true, save: () => undefined });
    await expect(
      dp.update('chapter-parts', { id: 1, data: { title: '' }, previousData: { id: 1 } }),
    ).rejects.toMatchObject({
      status: 422,
      message: 'ra.message.invalid_form',
      body: { errors: { title: 'app.validation.blank', 'content.url': 'Only https addresses are accepted.' } },
    });
  });

  it('says a refusal of no field in words of its own: a copy too large', async () => {
    const { client } = kit((url) =>
      url.includes('errorCall')
        ? new Response(null, { status: 204 })
        : Response.json(
            {
              '@type': 'ConstraintViolationList',
              status: 422,
              detail: 'This copy would write 5201 rows…',
              violations: [{ propertyPath: '', message: 'This copy would write 5201 rows…', code: COPY_TOO_LARGE }],
            },
            { status: 422 },
          ),
    );
    const dp = createDataProvider({ http: client.httpClient, hasToken: () => true, save: () => undefined });
    await expect(dp.copy('modules', { id: 3 })).rejects.toMatchObject({
      status: 422,
      message: 'app.validation.copy_too_large',
    });
    expect(fr.app.validation.copy_too_large).toContain(COPY_MAX_ROWS.toLocaleString('fr-FR'));
  });

  it('uploads multipart with progress events, and reads downloads as bytes with their name', async () => {
    const seen: RequestInit[] = [];
    const { client } = kit((url, init) => {
      seen.push(init);
      if (url.endsWith('/download'))
        return new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'Content-Disposition': `attachment; filename="a.bin"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf` },
        });
      return Response.json({ '@id': '/api/documents/4', id: 4, owner: '/api/users/2' }, { status: 201 });
    });
    const saved: string[] = [];
    const dp = createDataProvider({
      http: client.httpClient,
      hasToken: () => true,
      save: (file) => void saved.push(file.filename),
    });
    const progress: number[] = [];
    const { data } = await dp.upload(new File(['%PDF-1.4'], 'f.pdf', { type: 'application/pdf' }), {
      onProgress: ({ loaded, total }) => progress.push(loaded / total),
    });
    expect(data).toEqual({ id: 4, owner: 2 });
    expect(progress).toEqual([0.5, 1]);
    expect(seen[0].body).toBeInstanceOf(FormData);
    expect((seen[0].body as FormData).get('file')).toBeInstanceOf(File);
    // The browser sets the multipart boundary itself: no Content-Type of ours.
    expect(new Headers(seen[0].headers).has('Content-Type')).toBe(false);

    const download = await dp.download(4);
    expect(new Uint8Array(await download.data.blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(saved).toEqual(['résumé.pdf']);
  });

  it('reads an arraybuffer answer when asked', async () => {
    const { client } = kit(() => new Response(new Uint8Array([7, 8])));
    const response = await client.httpClient('/api/documents/1/download', { responseType: 'arraybuffer' });
    expect(new Uint8Array(response.arrayBuffer!)).toEqual(new Uint8Array([7, 8]));
  });
});

describe('file names from Content-Disposition', () => {
  it.each([
    [`attachment; filename="rapport 2026.pdf"`, 'rapport 2026.pdf'],
    [`attachment; filename=plain.txt`, 'plain.txt'],
    [`attachment; filename="a.pdf"; filename*=UTF-8''%C3%A9t%C3%A9.pdf`, 'été.pdf'],
    [`attachment; filename*=UTF-8''%E0%A4%A`, 'fallback.bin'],
    [`attachment; filename="quote \\"q\\".txt"`, 'quote "q".txt'],
    [null, 'fallback.bin'],
  ])('%s -> %s', (header, expected) => {
    expect(filenameOf(header, 'fallback.bin')).toBe(expected);
  });
});
