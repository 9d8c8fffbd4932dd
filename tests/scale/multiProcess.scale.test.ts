import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { ACADEMY, MOREL } from '../../server/seed/demo/people.ts';
import { multipartBody } from '../api/support/multipart.ts';
import {
  call,
  expectOk,
  openLiveStream,
  signIn,
  sleep,
  upload,
  type Answer,
  type StreamEvent,
} from './support/client.ts';
import { DRAIN_MS, startCluster, type ScaleCluster } from './support/cluster.ts';
import { CHECK_INTERVAL_MS } from './support/haproxy.ts';

/**
 * Three server processes on one PostgreSQL and one object store, behind HAProxy (round-robin, health
 * checks on the readiness answer), as README.md's "Running on several machines" deploys them: nothing a
 * client sees may depend on which process answers, and losing a process loses nothing acknowledged.
 */
let cluster: ScaleCluster;
let admin: string;

beforeAll(async () => {
  // Six writers as fast as the processes answer are a script, not a person: the budget of one would stop them.
  cluster = await startCluster({ env: { WRITE_BUDGET: '100000' } });
  admin = (await signIn(cluster.url, 'superadmin@demo.fr', DEMO_PASSWORD)).token;
});
afterAll(async () => {
  await cluster?.stop();
});

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(200_000)}\n%%EOF\n`);

/** A new contributor of the demo accounts' structure with a password and a full session, made through the proxy. */
async function newContributor(email: string, password: string) {
  const [academy] = await cluster.sql<{ id: number }>('SELECT id FROM companies WHERE name = $1', [ACADEMY]);
  const created = await call(cluster.url, 'POST', '/api/users', {
    token: admin,
    body: {
      email,
      firstName: 'Lou',
      lastName: 'Garnier',
      type: 'contributor',
      roles: ['ROLE_USER'],
      password,
      company: `/api/companies/${academy.id}`,
    },
  });
  expectOk(created, 'user creation');
  await cluster.sql(`UPDATE users SET roles = array_remove(roles, 'ROLE_FIRST_CONNECT') WHERE id = $1`, [
    created.json.id,
  ]);
  return created.json.id as number;
}

describe('three processes behind the proxy', () => {
  it('spreads requests over every process', async () => {
    expect(await cluster.proxy.states()).toEqual({ s1: 'UP', s2: 'UP', s3: 'UP' });
    const before = await cluster.proxy.answered();
    for (let i = 0; i < 9; i++) expectOk(await call(cluster.url, 'GET', '/api/tags', { token: admin }), 'tags');
    const after = await cluster.proxy.answered();
    for (const server of cluster.processes) expect(after[server.name] - before[server.name], server.name).toBe(3);
  });

  it('downloads a file uploaded through one process from every process, byte for byte', async () => {
    const bytes = pdf('téléversé une fois');
    const created = await upload(cluster.url, admin, { name: 'partagé.pdf', type: 'application/pdf', bytes });
    expectOk(created, 'upload');
    for (const base of [...cluster.processes.map((server) => server.url), cluster.url]) {
      const whole = await call(base, 'GET', `/api/documents/${created.json.id}/download`, { token: admin });
      expect(whole.status, base).toBe(200);
      expect(Buffer.compare(whole.bytes, bytes), base).toBe(0);
      expect(whole.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      const part = await call(base, 'GET', `/api/documents/${created.json.id}/download`, {
        token: admin,
        headers: { range: 'bytes=100-199' },
      });
      expect(part.status, base).toBe(206);
      expect(Buffer.compare(part.bytes, bytes.subarray(100, 200)), base).toBe(0);
    }
    // A demo document, seeded by whichever process started first, from every process too.
    const [seeded] = await cluster.sql<{ id: number; size: number }>(
      `SELECT id, size FROM documents WHERE storage_key LIKE 'demo/%' ORDER BY id LIMIT 1`,
    );
    for (const server of cluster.processes) {
      const answer = await call(server.url, 'GET', `/api/documents/${seeded.id}/download`, { token: admin });
      expect(answer.status, server.name).toBe(200);
      expect(answer.bytes.length).toBe(Number(seeded.size));
    }
  });

  it('delivers a ticket reply posted through one process to the listeners of the other two', async () => {
    const [ticket] = await cluster.sql<{ id: number }>(
      `SELECT id FROM tickets WHERE type = 2 AND status = 'created' ORDER BY id LIMIT 1`,
    );
    const [s1, s2, s3] = cluster.processes;
    const listeners = await Promise.all([s2, s3].map((server) => openLiveStream(server.url, admin)));
    const proxied = await openLiveStream(cluster.url, admin);
    try {
      await Promise.all([...listeners, proxied].map((listener) => listener.ready));
      const reply = await call(s1.url, 'PUT', `/api/tickets/${ticket.id}/add-message`, {
        token: admin,
        body: { message: 'Réponse depuis s1', status: 'treated' },
      });
      expectOk(reply, 'add-message');
      for (const listener of [...listeners, proxied]) {
        const event = await listener.waitFor(
          (candidate) =>
            candidate.event === 'tickets' &&
            JSON.parse(candidate.data).ticket === ticket.id &&
            JSON.parse(candidate.data).status === 'treated',
        );
        expect(Number(event.id)).toBeGreaterThan(0);
      }
    } finally {
      for (const listener of [...listeners, proxied]) listener.close();
    }
  });

  it('ends the other sessions on every process when the password changes', async () => {
    await newContributor('scale.mdp@demo.fr', 'Initial2026!');
    const [changer, other] = await Promise.all(
      [1, 2].map(() => signIn(cluster.url, 'scale.mdp@demo.fr', 'Initial2026!')),
    );
    for (const server of cluster.processes)
      expect((await call(server.url, 'GET', '/api/tags', { token: other.token })).status, server.name).toBe(200);

    const changed = await call(cluster.processes[0].url, 'PUT', '/api/account/password', {
      token: changer.token,
      body: { currentPassword: 'Initial2026!', password: 'Nouveau2026!' },
    });
    expect(changed.status).toBe(204);
    // The other processes learn it by NOTIFY, within moments.
    for (const server of cluster.processes)
      await expect
        .poll(async () => (await call(server.url, 'GET', '/api/tags', { token: other.token })).status, {
          timeout: 2_000,
          interval: 50,
        })
        .toBe(401);
    expect(
      (await call(cluster.url, 'POST', '/api/auth/refresh', { body: { refresh_token: other.refresh_token } })).status,
    ).toBe(401);
    expect(
      (await call(cluster.url, 'POST', '/api/auth/refresh', { body: { refresh_token: changer.refresh_token } })).status,
    ).toBe(200);
  });
});

describe('structures, whichever process answers', () => {
  /** A structure's administrator: a session, and the ids of the structure's users and tickets in the database. */
  async function structureAdmin(login: string, structure: string) {
    const [{ id }] = await cluster.sql<{ id: number }>('SELECT id FROM companies WHERE name = $1', [structure]);
    const idsOf = async (table: string) =>
      (await cluster.sql<{ id: number }>(`SELECT id FROM ${table} WHERE company_id = $1 ORDER BY id`, [id])).map(
        (row) => row.id,
      );
    const { token } = await signIn(cluster.url, login, DEMO_PASSWORD);
    return { login, token, users: await idsOf('users'), tickets: await idsOf('tickets') };
  }
  const admins = () =>
    Promise.all([structureAdmin('admin@demo.fr', ACADEMY), structureAdmin('admin@transports-morel.fr', MOREL)]);

  it('lists to each structure’s administrator its own users and tickets only, on every process', async () => {
    const [academy, morel] = await admins();
    for (const { users, tickets } of [academy, morel]) {
      expect(users.length).toBeGreaterThan(1);
      expect(tickets.length).toBeGreaterThan(1);
    }
    for (const base of [...cluster.processes.map((server) => server.url), cluster.url]) {
      for (const { login, token, users, tickets } of [academy, morel]) {
        for (const [resource, expected] of [
          ['users', users],
          ['tickets', tickets],
        ] as const) {
          const listed = await call(base, 'GET', `/api/${resource}?itemsPerPage=500`, { token });
          expectOk(listed, `${resource} of ${login}`);
          expect(
            (listed.json as { id: number }[]).map((row) => row.id).sort((a, b) => a - b),
            `${resource} of ${login} from ${base}`,
          ).toEqual(expected);
        }
      }
    }
    for (const server of cluster.processes) {
      expect(
        (await call(server.url, 'GET', `/api/tickets/${morel.tickets[0]}`, { token: academy.token })).status,
        server.name,
      ).toBe(404);
      expect(
        (await call(server.url, 'GET', `/api/tickets/${academy.tickets[0]}`, { token: morel.token })).status,
        server.name,
      ).toBe(404);
    }
  });

  it('carries a structure’s ticket changes to its administrator’s streams on other processes, never to the other’s', async () => {
    const [academy, morel] = await admins();
    const [s1, s2, s3] = cluster.processes;
    // The changes go through s1; each administrator listens on s2 (both there) and s3.
    const listeners = await Promise.all(
      [academy, morel].flatMap((owner) =>
        [s2, s3].map(async (server) => ({
          name: `${owner.login} on ${server.name}`,
          owner,
          stream: await openLiveStream(cluster.url, owner.token, server.url),
        })),
      ),
    );
    try {
      await Promise.all(listeners.map(({ stream }) => stream.ready));
      const about = (ticket: number) => (event: StreamEvent) =>
        event.event === 'tickets' && JSON.parse(event.data).ticket === ticket;
      const change = async (by: typeof academy, ticket: number) =>
        expectOk(
          await call(s1.url, 'PUT', `/api/tickets/${ticket}/add-message`, {
            token: by.token,
            body: { message: `Réponse de ${by.login}`, status: 'treated' },
          }),
          'add-message',
        );
      // Académie, Morel, Académie again: each stream waits for its structure's last change. A process hands
      // the events over in the order they were committed, so one of the other structure would have come first.
      await change(academy, academy.tickets[0]);
      await change(morel, morel.tickets[0]);
      await change(academy, academy.tickets[1]);
      for (const { name, owner, stream } of listeners) {
        await stream.waitFor(about(owner === academy ? academy.tickets[1] : morel.tickets[0]));
        const tickets = stream.events
          .filter((event) => event.event === 'tickets')
          .map((event) => JSON.parse(event.data).ticket as number);
        expect(tickets.length, name).toBeGreaterThan(0);
        expect(
          tickets.filter((ticket) => !owner.tickets.includes(ticket)),
          name,
        ).toEqual([]);
      }
    } finally {
      for (const { stream } of listeners) stream.close();
    }
  });
  it('carries an agent’s presence and typing signalled through one process to the other structure’s staff on others, never to another structure', async () => {
    const [academy, morel] = await admins();
    const [s1, s2, s3] = cluster.processes;
    const ticket = academy.tickets[0];
    // Platform support (every structure) on s2, the other structure's administrator on s3.
    const platform = await openLiveStream(cluster.url, admin, s2.url);
    const stranger = await openLiveStream(cluster.url, morel.token, s3.url);
    const onTicket = (state: string) => (event: StreamEvent) =>
      event.event === 'presence' && JSON.parse(event.data).ticket === ticket && JSON.parse(event.data).state === state;
    try {
      await Promise.all([platform.ready, stranger.ready]);
      for (const state of ['viewing', 'typing'])
        expectOk(
          await call(s1.url, 'POST', `/api/tickets/${ticket}/presence`, { token: academy.token, body: { state } }),
          state,
        );
      const typing = JSON.parse((await platform.waitFor(onTicket('typing'))).data);
      expect(typing.user.name).toBe('Antoine Durand');
      expect(typing.typingExpiresIn).toBeGreaterThan(0);
      // Whichever process platform support asks through, the agent is there and typing.
      const seen = await call(s3.url, 'POST', `/api/tickets/${ticket}/presence`, {
        token: admin,
        body: { state: 'viewing' },
      });
      expectOk(seen, 'presence');
      expect(seen.json.present).toEqual([
        expect.objectContaining({ user: expect.objectContaining({ name: 'Antoine Durand' }) }),
      ]);
      // The other structure's stream had none of it: its own later event came, not these.
      expectOk(
        await call(s1.url, 'PUT', `/api/tickets/${morel.tickets[0]}/add-message`, {
          token: morel.token,
          body: { message: 'Chez Morel', status: 'created' },
        }),
        'add-message',
      );
      await stranger.waitFor(
        (event) => event.event === 'tickets' && JSON.parse(event.data).ticket === morel.tickets[0],
      );
      expect(stranger.events.filter((event) => event.event === 'presence')).toEqual([]);
    } finally {
      platform.close();
      stranger.close();
    }
  });
});

/** Runs `workers` loops of `work` until `stop()`, recording when each call started and how it ended. */
function load<T>(workers: number, work: (worker: number, round: number) => Promise<T>) {
  const outcomes: { started: number; result?: T; error?: unknown }[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let round = 0; running; round++) {
      const started = Date.now();
      try {
        outcomes.push({ started, result: await work(worker, round) });
      } catch (error) {
        outcomes.push({ started, error });
      }
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

describe('losing a process', () => {
  it('stops gracefully on SIGTERM: in-flight requests finish, streams are told to come back, the others serve', async () => {
    const leaving = cluster.processes[2];
    const readers = load(4, async (_worker, round) => {
      const answer = await call(cluster.url, 'GET', `/api/tags?page=${(round % 3) + 1}`, { token: admin });
      if (answer.status !== 200) throw new Error(`GET /api/tags answered ${answer.status}`);
      return answer.status;
    });
    const stream = await openLiveStream(leaving.url, admin);
    await stream.ready;

    // An upload already under way when the signal comes: its body arrives in two halves, a second apart.
    const bytes = pdf('envoyé pendant l’arrêt');
    const { payload, contentType } = multipartBody({ name: 'pendant-arret.pdf', type: 'application/pdf', bytes });
    const slowUpload = new Promise<Answer>((resolve, reject) => {
      const request = httpRequest(`${leaving.url}/api/documents/upload`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${admin}`,
          accept: 'application/json',
          'content-type': contentType,
          'content-length': String(payload.length),
        },
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: new Headers(),
            bytes: body,
            json: JSON.parse(body.toString('utf8')),
          });
        });
      });
      request.on('error', reject);
      request.write(payload.subarray(0, payload.length / 2));
      setTimeout(() => request.end(payload.subarray(payload.length / 2)), 1_000);
    });
    await sleep(200);

    const exited = leaving.stop('SIGTERM');
    await expect
      .poll(async () => (await call(leaving.url, 'GET', '/api/health/ready')).json?.status, {
        timeout: 2_000,
        interval: 50,
      })
      .toBe('stopping');
    const uploaded = await slowUpload;
    expect(uploaded.status).toBe(201);
    await stream.ended;
    expect(stream.retries.at(-1)).toBeGreaterThanOrEqual(500);
    expect(stream.retries.at(-1)).toBeLessThanOrEqual(2_000);
    expect(await exited).toBe(0);
    await cluster.proxy.waitFor(leaving.name, 'DOWN');
    await sleep(500);
    const outcomes = await readers.stop();

    // Nobody saw the process go: every request through the proxy was answered.
    expect(outcomes.length).toBeGreaterThan(20);
    expect(outcomes.filter((outcome) => outcome.error).map((outcome) => String(outcome.error))).toEqual([]);
    const download = await call(cluster.url, 'GET', `/api/documents/${uploaded.json.id}/download`, { token: admin });
    expect(Buffer.compare(download.bytes, bytes)).toBe(0);

    await leaving.start();
    await cluster.proxy.waitFor(leaving.name, 'UP');
  });

  it('loses nothing acknowledged when a process is killed mid-run; the others go on', async () => {
    const victim = cluster.processes[1];
    const files = new Map<number, Buffer>();
    const writers = load(6, async (worker, round) => {
      if (round % 3 === 2) {
        const bytes = pdf(`écrivain ${worker}, tour ${round}`);
        const answer = await upload(cluster.url, admin, {
          name: `w${worker}-${round}.pdf`,
          type: 'application/pdf',
          bytes,
        });
        if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
        files.set(answer.json.id, bytes);
        return { kind: 'document', id: answer.json.id as number, name: `w${worker}-${round}.pdf` };
      }
      const name = `scale-${worker}-${round}-${Date.now()}`;
      const answer = await call(cluster.url, 'POST', '/api/tags', { token: admin, body: { name } });
      if (answer.status !== 201) throw new Error(`POST /api/tags answered ${answer.status}`);
      return { kind: 'tag', id: answer.json.id as number, name };
    });
    await sleep(1_500);
    const killedAt = Date.now();
    await victim.stop('SIGKILL');
    await sleep(3_000);
    const outcomes = await writers.stop();

    const acknowledged = outcomes.flatMap((outcome) => (outcome.result ? [outcome.result] : []));
    const failed = outcomes.filter((outcome) => outcome.error);
    expect(acknowledged.filter((write) => write.kind === 'tag').length).toBeGreaterThan(20);
    expect(acknowledged.filter((write) => write.kind === 'document').length).toBeGreaterThan(5);
    // The others went on: plenty of writes started well after the kill were acknowledged.
    expect(outcomes.filter((outcome) => outcome.result && outcome.started > killedAt + 1_000).length).toBeGreaterThan(
      10,
    );
    // Only what the killed process was answering at that moment may fail: at most one call a writer, all
    // started before the kill; every call started after it was answered by the others.
    expect(failed.length).toBeLessThanOrEqual(6);
    for (const outcome of failed)
      expect(outcome.started, String(outcome.error)).toBeLessThanOrEqual(killedAt + 2 * CHECK_INTERVAL_MS);

    for (const write of acknowledged) {
      if (write.kind === 'tag') {
        const tag = await call(cluster.url, 'GET', `/api/tags/${write.id}`, { token: admin });
        expect(tag.status, write.name).toBe(200);
        expect(tag.json.name).toBe(write.name);
      } else {
        const download = await call(cluster.url, 'GET', `/api/documents/${write.id}/download`, { token: admin });
        expect(download.status, write.name).toBe(200);
        expect(Buffer.compare(download.bytes, files.get(write.id)!), write.name).toBe(0);
      }
    }
    await cluster.proxy.waitFor(victim.name, 'DOWN');
    await victim.start();
    await cluster.proxy.waitFor(victim.name, 'UP');
  });
});

// The drain must outlast HAProxy's detection (two failed checks), or requests would reach a closed port.
it('drains longer than the proxy takes to notice', () => {
  expect(DRAIN_MS).toBeGreaterThan(3 * CHECK_INTERVAL_MS);
});
