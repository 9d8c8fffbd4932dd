import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { createTestApp, type TestApp, type TestProcess } from '../api/support/testApp.ts';
import { activeUser, codesSentTo, login, post, type Answer } from './support/auth.ts';

/**
 * Every bound of docs/SECURITY.md holds whatever the number of server processes: two apps over one database,
 * each with its own memory, give an attacker exactly the budget one gives. The attacker spreads their tries
 * over both, as a load balancer would.
 */
const mails: Mail[] = [];
let t: TestApp;
let other: TestProcess;
const both = () => [t, other] as const;
/** The process of the n-th try: one in two goes to each. */
const processOf = (n: number) => both()[n % 2];

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void mails.push(mail) } });
  other = await t.anotherProcess();
});
afterAll(async () => {
  await t?.close();
});

const get = (to: Pick<TestProcess, 'app'>, url: string, address: string) =>
  to.app.inject({ method: 'GET', url, remoteAddress: address });

describe('credential bounds across processes', () => {
  it('5 wrong passwords per login, wherever they are sent', async () => {
    await activeUser(t, 'spread@test.fr');
    for (let n = 0; n < 5; n++)
      expect((await login(processOf(n), 'spread@test.fr', 'wrong', `192.0.2.${n}`)).status).toBe(401);
    for (const to of both()) {
      const refused = await login(to, 'spread@test.fr', 'Initial2026!', '192.0.2.99');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('5 wrong passwords per login when they are sent all at once to both', async () => {
    await activeUser(t, 'parallel@test.fr');
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, n) => login(processOf(n), 'parallel@test.fr', 'wrong', `192.0.2.${100 + n}`)),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(11);
  });

  it('20 wrong passwords per address, whatever the logins', async () => {
    const address = '198.51.100.20';
    for (let n = 0; n < 20; n++)
      expect((await login(processOf(n), `nobody-${n}@test.fr`, 'wrong', address)).status).toBe(401);
    for (const to of both()) expect((await login(to, 'nobody-else@test.fr', 'wrong', address)).status).toBe(429);
  });

  it('30 reset requests per address', async () => {
    const address = '198.51.100.30';
    for (let n = 0; n < 30; n++) {
      const answer = await post(
        processOf(n),
        '/api/auth/reinit-password/request',
        { email: `unknown-${n}@test.fr`, type: 'admin', brand: '1' },
        { address },
      );
      expect(answer.status).toBe(404);
    }
    const refused = await post(
      other,
      '/api/auth/reinit-password/request',
      { email: 'unknown-last@test.fr', type: 'admin', brand: '1' },
      { address },
    );
    expect(refused.status).toBe(429);
  });

  it('3 codes an hour mailed to one account, even asked for all at once from both', async () => {
    await activeUser(t, 'mailed@test.fr');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        post(
          processOf(n),
          '/api/auth/reinit-password/request',
          { email: 'mailed@test.fr', type: 'admin', brand: '1' },
          { address: `203.0.113.${n}` },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
    expect(codesSentTo(mails, 'mailed@test.fr')).toHaveLength(3);
  });

  it('30 wrong codes per address, whatever the sessions and accounts', async () => {
    const address = '198.51.100.40';
    const sessions: string[] = [];
    // One session an account: a new code retires the account's pending one.
    for (let n = 0; n < 8; n++) {
      const email = `guessed-${n}@test.fr`;
      await activeUser(t, email);
      const reset = await post(
        t,
        '/api/auth/reinit-password/request',
        { email, type: 'admin', brand: '1' },
        { address: `203.0.113.${50 + n}` },
      );
      expect(reset.status).toBe(200);
      sessions.push(reset.json.token);
    }
    // Four wrong codes a session (the fifth would end it), on both processes in turn.
    let tries = 0;
    for (const token of sessions)
      for (let k = 0; k < 4 && tries < 30; k++, tries++) {
        const answer = await post(
          processOf(tries),
          '/api/auth/email/check-code',
          { code: '000000' },
          { token, address },
        );
        expect(answer.json?.description).toBe('wrong_code');
      }
    expect(tries).toBe(30);
    const refused = await post(
      other,
      '/api/auth/email/check-code',
      { code: '000000' },
      { token: sessions.at(-1), address },
    );
    expect(refused.status).toBe(429);
  });

  it('10 wrong invitation codes per e-mail', async () => {
    for (let n = 0; n < 10; n++) {
      const answer = await post(
        processOf(n),
        '/api/auth/invitation',
        { email: 'invited@test.fr', code: '000000' },
        { address: `203.0.113.${100 + n}` },
      );
      expect(answer.json?.description).toBe('wrong_code');
    }
    expect(
      (
        await post(
          other,
          '/api/auth/invitation',
          { email: 'invited@test.fr', code: '000000' },
          { address: '203.0.113.199' },
        )
      ).status,
    ).toBe(429);
  });

  it('5 wrong current passwords per account on "Mon compte", then not even the right one', async () => {
    await activeUser(t, 'account@test.fr');
    const session = await login(t, 'account@test.fr');
    const change = (to: TestProcess, currentPassword: string, n: number) =>
      to.request('PUT', '/api/account/password', {
        token: session.json.token,
        body: { currentPassword, password: 'Changé2026!ok' },
        headers: { 'x-n': String(n) },
      });
    for (let n = 0; n < 5; n++) expect((await change(processOf(n), 'wrong', n)).status).toBe(422);
    for (const to of both()) expect((await change(to, 'Initial2026!', 9)).status).toBe(429);
  });
});

describe('public rate limits across processes', () => {
  /** `max` calls from one address, spread over both processes, pass; the next is refused on either. */
  async function limited(
    call: (to: TestProcess, address: string) => Promise<{ statusCode: number; headers: Record<string, unknown> }>,
    max: number,
    address: string,
  ) {
    for (let n = 0; n < max; n++) expect((await call(processOf(n), address)).statusCode).not.toBe(429);
    for (const to of both()) {
      const refused = await call(to, address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  }

  it('invitation look-ups: 10 a minute per address', () =>
    limited((to, address) => get(to, '/api/public/companies/abc/def', address), 10, '198.51.100.60'));

  it('countries: 30 a minute per address', () =>
    limited((to, address) => get(to, '/api/public/countries', address), 30, '198.51.100.61'));

  it('sign-ups: 10 an hour per address, refused ones included', () =>
    limited(
      (to, address) =>
        to.app.inject({ method: 'POST', url: '/api/users/register', payload: { company: {} }, remoteAddress: address }),
      10,
      '198.51.100.62',
    ));

  it('anonymous uploads: 20 a minute per address', () =>
    limited(
      (to, address) =>
        to.app.inject({
          method: 'POST',
          url: '/api/public/documents/support/upload',
          remoteAddress: address,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          // A type the allow-list refuses: nothing is kept, but the call counts.
          payload:
            '--x\r\nContent-Disposition: form-data; name="file"; filename="a.exe"\r\nContent-Type: application/x-msdownload\r\n\r\nMZ\r\n--x--\r\n',
        }),
      20,
      '198.51.100.63',
    ));
});

describe('single-use tokens across processes', () => {
  it('a stream ticket opens one stream, on whichever process', async () => {
    const addresses: string[] = [];
    for (const to of both()) addresses.push(await to.app.listen({ host: '127.0.0.1', port: 0 }));
    const { json } = await t.request('POST', '/api/events/ticket', { as: 'admin' });
    const url = (base: string) => `${base}/api/events?ticket=${encodeURIComponent(json.ticket)}`;
    const controller = new AbortController();
    const first = await fetch(url(addresses[0]), { signal: controller.signal });
    expect(first.status).toBe(200);
    const again: Answer['status'][] = [];
    for (const base of addresses) again.push((await fetch(url(base))).status);
    controller.abort();
    expect(again).toEqual([401, 401]);
  });
});
