// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { UnsubscribePage } from '../../src/custom/unsubscribe/UnsubscribePage';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { createSessionStore, memoryStorage } from '../../src/providers/sessionStore';

/**
 * The page a mail's opt-out link opens, with no session: it posts the token, without a bearer, and says
 * in French what stops, or that the link is not valid.
 */

afterEach(cleanup);

function renderPage(entry: string, answer: (body: unknown) => Response) {
  const calls: { url: string; body: unknown; authorization: string | null }[] = [];
  const { httpClient } = createHttpClient({
    session: createSessionStore(() => memoryStorage()),
    errorCallUrl: 'http://errors.invalid/api/errorCall',
    fetch: async (url, init = {}) => {
      if (url.includes('errorCall')) return new Response(null, { status: 204 });
      const body = JSON.parse(String(init.body));
      calls.push({ url, body, authorization: new Headers(init.headers).get('Authorization') });
      return answer(body);
    },
  });
  const dataProvider = createDataProvider({ http: httpClient, hasToken: () => false, save: () => undefined });
  render(
    <TestMemoryRouter initialEntries={[entry]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        <Routes>
          <Route path="/unsubscribe" element={<UnsubscribePage />} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return calls;
}

describe("a mail's opt-out link", () => {
  it('posts its token and says which mails stop, to whom', async () => {
    const calls = renderPage('/unsubscribe?token=abc.def', () =>
      Response.json({ topic: 'learning_reminders', email: 'l***@demo.fr' }),
    );
    await screen.findByText('C’est noté : l***@demo.fr ne recevra plus les rappels d’échéance des formations.');
    expect(calls[0]).toEqual({ url: '/api/unsubscribe', body: { token: 'abc.def' }, authorization: null });
  });

  it('says that a refused token is not a valid link', async () => {
    renderPage('/unsubscribe?token=forged', () =>
      Response.json(
        { status: 422, violations: [{ propertyPath: 'token', code: 'invalid', message: 'Invalid token.' }] },
        { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    await screen.findByText('Ce lien de désinscription n’est pas valide ou a expiré.');
  });

  it('asks nothing of the server without a token', async () => {
    const calls = renderPage('/unsubscribe', () => Response.json({}));
    await screen.findByText('Ce lien de désinscription n’est pas valide ou a expiré.');
    expect(calls).toEqual([]);
  });
});
