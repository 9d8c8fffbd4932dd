import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';
import { codesSentTo, post, type Answer } from './support/auth.ts';

/**
 * An e-mailed reset code cannot be guessed. The attacker asks for resets of the super
 * admin's account from ever new addresses and guesses each code, as fast as the server answers.
 */
const VICTIM = 'superadmin@demo.fr';
const mails: Mail[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void mails.push(mail) } });
});
afterAll(async () => {
  await t?.close();
});
/** Each case starts with accounts that were sent no code (the per-account limits count in rate_buckets). */
const forgetCodesSent = async () => {
  await t.db.query('DELETE FROM auth_codes');
  await t.db.query(`DELETE FROM rate_buckets WHERE key LIKE 'codes-sent:%'`);
};
beforeEach(async () => {
  await forgetCodesSent();
  mails.length = 0;
});

/** A guess that is never the code actually sent (the attacker does not read the victim's mail). */
const wrongGuess = (n: number, sent: string[]) => {
  let guess = String((n * 7919) % 1_000_000).padStart(6, '0');
  while (sent.includes(guess)) guess = String((Number(guess) + 1) % 1_000_000).padStart(6, '0');
  return guess;
};

describe('reset-code guessing', () => {
  it('is refused with a 429 and Retry-After long before 1,000 guesses, from any number of addresses', async () => {
    let guesses = 0;
    let stoppedBy: Answer | undefined;
    let resets = 0;
    attack: while (guesses < 1000) {
      const address = `198.51.100.${resets % 250}`;
      const reset = await post(
        t,
        '/api/auth/reinit-password/request',
        { email: VICTIM, type: 'admin', brand: '1' },
        { address },
      );
      resets++;
      if (reset.status === 429) {
        stoppedBy = reset;
        break;
      }
      expect(reset.status).toBe(200);
      for (let attempt = 0; attempt < 10; attempt++) {
        const answer = await post(
          t,
          '/api/auth/email/check-code',
          { code: wrongGuess(guesses, codesSentTo(mails, VICTIM)) },
          { token: reset.json.token, address },
        );
        guesses++;
        if (answer.status === 429) {
          stoppedBy = answer;
          break attack;
        }
        // The session ended with its code: the attacker needs a new reset.
        if (answer.status === 401 || answer.json?.description === 'too_many_tries') break;
        expect(answer.json.description).toBe('wrong_code');
      }
    }
    expect(stoppedBy?.status).toBe(429);
    expect(Number(stoppedBy?.headers['retry-after'])).toBeGreaterThan(0);
    // Three codes an hour, five tries each.
    expect(guesses).toBeLessThanOrEqual(15);
    expect(mails.filter((mail) => mail.to === VICTIM).length).toBeLessThanOrEqual(3);
  });

  it('counts guesses sent in parallel one by one: five tries a code, then the right code is worthless', async () => {
    const reset = await post(t, '/api/auth/reinit-password/request', { email: VICTIM, type: 'admin', brand: '1' });
    const [code] = codesSentTo(mails, VICTIM);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        post(
          t,
          '/api/auth/email/check-code',
          { code: wrongGuess(n, [code]) },
          { token: reset.json.token, address: `203.0.113.${n}` },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.json?.description === 'wrong_code').length).toBeLessThanOrEqual(4);
    const [row] = await t.db.query<{ attempts: number }>('SELECT max(attempts) AS attempts FROM auth_codes');
    expect(Number(row.attempts)).toBeLessThanOrEqual(5);
    expect((await post(t, '/api/auth/email/check-code', { code }, { token: reset.json.token })).status).toBe(401);
    expect((await post(t, '/api/auth/refresh', { refresh_token: reset.json.refresh_token })).status).toBe(401);
  });

  it('sends no new code unasked, and an explicit resend is bounded too', async () => {
    const reset = await post(t, '/api/auth/reinit-password/request', { email: VICTIM, type: 'admin', brand: '1' });
    const [code] = codesSentTo(mails, VICTIM);
    for (let n = 0; n < 5; n++)
      await post(t, '/api/auth/email/check-code', { code: wrongGuess(n, [code]) }, { token: reset.json.token });
    expect(codesSentTo(mails, VICTIM)).toHaveLength(1);

    const again = await post(
      t,
      '/api/auth/reinit-password/request',
      { email: VICTIM, type: 'admin', brand: '1' },
      { address: '192.0.2.1' },
    );
    expect((await post(t, '/api/auth/email/resend-code', {}, { token: again.json.token })).status).toBe(204);
    const refused = await post(t, '/api/auth/email/resend-code', {}, { token: again.json.token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(codesSentTo(mails, VICTIM)).toHaveLength(3);
    // The latest code still opens the password step.
    const latest = codesSentTo(mails, VICTIM).at(-1);
    expect((await post(t, '/api/auth/email/check-code', { code: latest }, { token: again.json.token })).status).toBe(
      200,
    );
  });

  it('bounds wrong codes per address across accounts', async () => {
    const address = '192.0.2.77';
    let refused: Answer | undefined;
    for (let round = 0; round < 20 && !refused; round++) {
      await forgetCodesSent();
      const email = ['admin@demo.fr', 'contributeur@demo.fr', VICTIM][round % 3];
      const reset = await post(
        t,
        '/api/auth/reinit-password/request',
        { email, type: 'admin', brand: '1' },
        { address: `192.0.2.${100 + round}` },
      );
      for (let n = 0; n < 4; n++) {
        const answer = await post(
          t,
          '/api/auth/email/check-code',
          { code: wrongGuess(n + round, codesSentTo(mails, email)) },
          { token: reset.json.token, address },
        );
        if (answer.status === 429) {
          refused = answer;
          break;
        }
      }
    }
    expect(refused?.status).toBe(429);
  });
});
