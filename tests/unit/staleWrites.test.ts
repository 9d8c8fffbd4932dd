import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/shared/errors.ts';
import { declarationsByName } from '../../server/resources/definitions/index.ts';
import { mapPgError } from '../../server/resources/pgErrors.ts';
import { isStaleWrite } from '../../src/custom/crud/staleWrite';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createHttpClient, type HttpClient, type HttpOptions } from '../../src/providers/httpClient';
import { createSessionStore, memoryStorage } from '../../src/providers/sessionStore';
import { fr } from '../../src/i18n/fr';
import { en } from '../../src/i18n/en';

/** A fake API that records each call and echoes the body back. */
function echoProvider() {
  const calls: { url: string; options: HttpOptions }[] = [];
  const http: HttpClient = async (url, options = {}) => {
    calls.push({ url, options });
    const json = { id: Number(url.split('/').pop()), ...JSON.parse(String(options.body ?? '{}')) };
    return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
  };
  const dp = createDataProvider({ http, hasToken: () => true, save: () => undefined });
  const sent = (index = 0) => JSON.parse(String(calls[index].options.body));
  return { dp, calls, sent };
}

const READ_AT = '2026-03-02T10:15:30.123Z';

describe('an update carries the version it was made from', () => {
  it("sends the changed fields and the previous record's updatedAt, nothing else", async () => {
    const { dp, calls, sent } = echoProvider();
    const previousData = {
      id: 4,
      title: 'Excel',
      description: 'Avant',
      language: 2,
      tags: [1],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: READ_AT,
    };
    await dp.update('courses', { id: 4, data: { ...previousData, description: 'Après', tags: [1, 3] }, previousData });
    expect(`${calls[0].options.method} ${calls[0].url}`).toBe('PUT /api/courses/4');
    expect(sent()).toEqual({ description: 'Après', tags: ['/api/tags/1', '/api/tags/3'], updatedAt: READ_AT });
  });

  it('sends the version the form was opened on, even if the data handed to update carries another one', async () => {
    const { dp, sent } = echoProvider();
    const previousData = { id: 4, title: 'Excel', updatedAt: READ_AT };
    await dp.update('courses', {
      id: 4,
      data: { id: 4, title: 'Excel 2', updatedAt: '2030-01-01T00:00:00.000Z' },
      previousData,
    });
    expect(sent()).toEqual({ title: 'Excel 2', updatedAt: READ_AT });
  });

  it('is checked even when nothing changed, so a save never passes unchecked', async () => {
    const { dp, sent } = echoProvider();
    const previousData = { id: 4, title: 'Excel', updatedAt: READ_AT };
    await dp.update('courses', { id: 4, data: { ...previousData }, previousData });
    expect(sent()).toEqual({ updatedAt: READ_AT });
  });

  it('goes unchecked for a record without updatedAt, or without previous data', async () => {
    const { dp, sent } = echoProvider();
    await dp.update('languages', {
      id: 2,
      data: { id: 2, name: 'Français' },
      previousData: { id: 2, name: 'Francais' },
    });
    await dp.update('courses', { id: 4, data: { title: 'T' }, previousData: undefined as never });
    expect(sent(0)).toEqual({ name: 'Français' });
    expect(sent(1)).toEqual({ title: 'T' });
  });
});

describe('a 409 says why', () => {
  function client(answer: Record<string, unknown>) {
    const storage = memoryStorage();
    const session = createSessionStore(() => storage);
    const payload = btoa(JSON.stringify({ role: ['ROLE_ADMIN'], exp: Math.floor(Date.now() / 1000) + 3600 }));
    session.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
    const { httpClient } = createHttpClient({
      fetch: async (url) =>
        url.includes('errorCall')
          ? new Response(null, { status: 204 })
          : Response.json(answer, { status: 409, headers: { 'Content-Type': 'application/problem+json' } }),
      session,
      errorCallUrl: 'http://errors.invalid/api/errorCall',
    });
    return createDataProvider({ http: httpClient, hasToken: () => true, save: () => undefined });
  }
  const problem = (reason?: string) => ({
    type: '/errors/409',
    title: 'Conflict',
    status: 409,
    detail: 'x',
    ...(reason ? { reason } : {}),
  });

  it('a stale write: its own message, and the reason kept for the edit form', async () => {
    const error = await client(problem('stale'))
      .update('courses', { id: 1, data: { title: 'B' }, previousData: { id: 1, title: 'A', updatedAt: READ_AT } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 409, message: 'app.http.conflict_stale', body: { reason: 'stale' } });
    expect(isStaleWrite(error)).toBe(true);
  });

  it('a record still used by others: another message, and not taken for a stale write', async () => {
    const error = await client(problem('referenced'))
      .delete('languages', { id: 1, previousData: { id: 1 } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 409, message: 'app.http.conflict_referenced' });
    expect(isStaleWrite(error)).toBe(false);
  });

  it('a 409 of no known reason keeps the general conflict message', async () => {
    for (const reason of [undefined, 'constructor', 'other']) {
      const error = await client(problem(reason))
        .delete('tags', { id: 1, previousData: { id: 1 } })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status: 409, message: 'app.http.conflict' });
      expect(isStaleWrite(error)).toBe(false);
    }
  });

  it('the two messages, in French and in English', () => {
    expect(fr.app.http.conflict_stale).toBe(
      "Quelqu'un a modifié cet élément pendant que vous l'éditiez. Rechargez pour voir sa version actuelle.",
    );
    expect(fr.app.http.conflict_referenced).toBe(
      "Cet élément est encore utilisé par d'autres éléments : retirez-les ou déplacez-les d'abord.",
    );
    expect(fr.app.stale_write.reload).toBe('Recharger');
    expect(en.app.http.conflict_stale).toMatch(/while you were editing/);
    expect(en.app.http.conflict_referenced).toMatch(/still used/);
  });
});

describe('the server tells a record still used from a stale write', () => {
  it('answers a refused delete (a foreign key restricts it) with reason "referenced"', () => {
    const folders = declarationsByName.get('folders')!;
    for (const code of ['23503', '23001']) {
      const error = mapPgError(
        { code, detail: 'Key (id)=(3) is still referenced from table "sheets".' },
        folders,
        'delete',
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 409,
        body: { type: '/errors/409', title: 'Conflict', status: 409, reason: 'referenced' },
      });
    }
    // A write naming a record that does not exist stays a violation on its field.
    expect(
      mapPgError({ code: '23503', detail: 'Key (parent_id)=(99) is not present.' }, folders, 'write'),
    ).toMatchObject({ status: 422 });
  });
});
