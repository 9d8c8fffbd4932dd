import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../server/auth/mailer.ts';
import { RechercheEntreprisesClient } from '../../server/integrations/establishments.ts';
import { StripeClient } from '../../server/integrations/payments.ts';
import { PushoverClient } from '../../server/notify/pushover.ts';
import { encodeCompanyId } from '../../server/routes/public.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The outside services the machine cannot reach, each tested through its real client against a local
 * stand-in that speaks the same protocol on 127.0.0.1.
 */
interface StandIn {
  url: string;
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  server: Server;
}

async function standIn(
  answer: (request: IncomingMessage, body: string, response: ServerResponse) => void,
): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      answer(request, body, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, requests, server };
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

let directory: StandIn;
let stripe: StandIn;
let pushover: StandIn;
let t: TestApp;

beforeAll(async () => {
  directory = await standIn((request, _body, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams.get('q');
    if (query === 'panne') return json(response, 500, { erreur: 'indisponible' });
    json(response, 200, {
      results: [
        {
          nom_complet: 'ACADEMIE DU NUMERIQUE',
          siege: {
            siret: '12345678900011',
            adresse: '12 RUE DE LA PAIX 75002 PARIS',
            code_postal: '75002',
            libelle_commune: 'PARIS',
          },
        },
        { nom_complet: 'SANS SIEGE CONNU' },
      ],
      total_results: 2,
      page: 1,
      per_page: 10,
    });
  });
  stripe = await standIn((request, _body, response) => {
    if (request.headers.authorization !== 'Bearer sk_test_local')
      return json(response, 401, { error: { message: 'Invalid API Key' } });
    if (request.url === '/v1/setup_intents/seti_ok')
      return json(response, 200, { id: 'seti_ok', object: 'setup_intent', status: 'succeeded' });
    json(response, 404, { error: { code: 'resource_missing' } });
  });
  pushover = await standIn((_request, _body, response) => json(response, 200, { status: 1, request: 'abc' }));
  t = await createTestApp({
    establishments: new RechercheEntreprisesClient(`${directory.url}/search`),
    payments: new StripeClient({ secretKey: 'sk_test_local', url: stripe.url }),
    push: new PushoverClient({ token: 'app-token', user: 'user-key', url: `${pushover.url}/1/messages.json` }),
  });
});

afterAll(async () => {
  await t?.close();
  for (const stand of [directory, stripe, pushover]) stand?.server.close();
});

describe('establishment search', () => {
  it('maps the directory answer to API.md establishments, without a session', async () => {
    const response = await t.request('GET', '/api/public/search-establishment?search=academie%20numerique', {
      as: null,
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([
      {
        siret: '12345678900011',
        name: 'ACADEMIE DU NUMERIQUE',
        address: '12 RUE DE LA PAIX 75002 PARIS',
        postcode: '75002',
        city: 'PARIS',
      },
    ]);
    const sent = new URL(directory.requests.at(-1)?.url ?? '', 'http://x');
    expect(sent.searchParams.get('q')).toBe('academie numerique');
    expect(sent.searchParams.get('per_page')).toBe('10');
  });

  it('answers 502 when the directory fails and 400 for a too short search', async () => {
    expect((await t.request('GET', '/api/public/search-establishment?search=panne', { as: null })).status).toBe(502);
    expect((await t.request('GET', '/api/public/search-establishment?search=ab', { as: null })).status).toBe(400);
  });
});

describe('company by invitation key', () => {
  it('finds the company only with its key', async () => {
    const [company] = await t.db.query<{ id: number }>(
      `INSERT INTO companies (name, invitation_key) VALUES ('Lycée Jean Moulin', 'cle-invitation-42') RETURNING id`,
    );
    const found = await t.request('GET', `/api/public/companies/${encodeCompanyId(company.id)}/cle-invitation-42`, {
      as: null,
    });
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ id: company.id, name: 'Lycée Jean Moulin' });
    expect(
      (await t.request('GET', `/api/public/companies/${encodeCompanyId(company.id)}/mauvaise-cle`, { as: null }))
        .status,
    ).toBe(404);
  });
});

describe('payment status', () => {
  it("passes on the SetupIntent's status", async () => {
    // A super admin may ask about any intent; an administrator only about their structure's (onboarding tests).
    const ok = await t.request('GET', '/api/payments/check-status?setupIntent=seti_ok', { as: 'superadmin' });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ status: 'succeeded' });
    expect(stripe.requests.at(-1)?.headers.authorization).toBe('Bearer sk_test_local');
  });

  it('answers 404 for an unknown intent, 400 for a malformed id, 401 without a session', async () => {
    expect(
      (await t.request('GET', '/api/payments/check-status?setupIntent=seti_unknown', { as: 'superadmin' })).status,
    ).toBe(404);
    expect((await t.request('GET', '/api/payments/check-status?setupIntent=../../x', { as: 'admin' })).status).toBe(
      400,
    );
    expect((await t.request('GET', '/api/payments/check-status?setupIntent=seti_ok', { as: null })).status).toBe(401);
  });
});

describe('pushover', () => {
  it('posts the form Pushover expects', async () => {
    const response = await t.request('POST', '/api/pushover', {
      as: 'admin',
      body: { title: 'Astreinte', message: 'Test de notification' },
    });
    expect(response.status).toBe(204);
    const sent = new URLSearchParams(pushover.requests.at(-1)?.body);
    expect(Object.fromEntries(sent)).toEqual({
      token: 'app-token',
      user: 'user-key',
      title: 'Astreinte',
      message: 'Test de notification',
    });
  });

  it('refuses an empty message (422) and a contributor (403)', async () => {
    expect((await t.request('POST', '/api/pushover', { as: 'admin', body: { title: 'x', message: ' ' } })).status).toBe(
      422,
    );
    expect(
      (await t.request('POST', '/api/pushover', { as: 'contributor', body: { title: 'x', message: 'y' } })).status,
    ).toBe(403);
  });
});

describe('SMTP mailer', () => {
  it('delivers a French mail to an SMTP server', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk) => (data += chunk));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as { port: number };
    try {
      await new SmtpMailer(`smtp://127.0.0.1:${port}`).send({
        to: 'camille@exemple.fr',
        subject: 'Votre code de vérification : 123456',
        text: 'Voici votre code.',
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: camille@exemple.fr');
      expect(received[0]).toMatch(/Subject: =\?UTF-8\?/);
    } finally {
      await new Promise((resolve) => smtp.close(() => resolve(undefined)));
    }
  });
});
