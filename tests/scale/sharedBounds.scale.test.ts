import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { THROTTLE_WINDOW_SECONDS } from '../../server/auth/throttle.ts';
import {
  call,
  callFrom,
  expectOk,
  signIn,
  sleep,
  streamStatus,
  streamTicket,
  upload,
  type Answer,
} from './support/client.ts';
import { startCluster, type ScaleCluster } from './support/cluster.ts';
import { PERIODIC_JOBS } from '../support/periodicJobs.ts';

/**
 * The bounds of docs/SECURITY.md ("Bounds hold whatever the number of processes") and its periodic work,
 * on three server processes behind HAProxy: what a client spreads over the processes, on purpose (the
 * proxy's round robin, or one request to each process in turn), counts as on one, and a job runs once
 * for all of them. The write budget is small and does not refill within the run (one write an hour back),
 * and the jobs' lease is short, so that a dead process's job is retaken in seconds.
 */
const WRITE_BUDGET = 9;
const JOB_LEASE_SECONDS = 4;

let cluster: ScaleCluster;

beforeAll(async () => {
  cluster = await startCluster({
    env: {
      WRITE_BUDGET: String(WRITE_BUDGET),
      WRITE_BUDGET_PER_HOUR: '1',
      JOB_LEASE_SECONDS: String(JOB_LEASE_SECONDS),
    },
  });
});
afterAll(async () => {
  await cluster?.stop();
});

/** What each process answered through the proxy while `work` ran: how the proxy spread it. */
async function spreadOf(work: () => Promise<void>): Promise<Record<string, number>> {
  const before = await cluster.proxy.answered();
  await work();
  const after = await cluster.proxy.answered();
  return Object.fromEntries(cluster.processes.map(({ name }) => [name, after[name] - before[name]]));
}

function expectRetryAfter(answer: Answer, atMostSeconds: number) {
  expect(answer.status, answer.bytes.toString('utf8').slice(0, 300)).toBe(429);
  const wait = Number(answer.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(atMostSeconds);
}

const signInAnswer = (base: string, login: string, password: string) =>
  call(base, 'POST', '/api/auth/token', { body: { login, password } });

describe('sign-in bounds, whichever process counts the try', () => {
  it('refuses the sixth wrong password of a login spread over the three, and then the right one too', async () => {
    const login = 'manon.bonnet@academie-demo.fr';
    const spread = await spreadOf(async () => {
      for (let n = 1; n <= 5; n++) expect((await signInAnswer(cluster.url, login, `Mauvais${n}!`)).status).toBe(401);
    });
    for (const server of cluster.processes)
      expect(spread[server.name], `${server.name} counted none of the five`).toBeGreaterThanOrEqual(1);

    expectRetryAfter(await signInAnswer(cluster.url, login, 'Mauvais6!'), THROTTLE_WINDOW_SECONDS);
    // The try is counted before the password is checked: once the bound is reached, the right password waits
    // for the window too, on every process and however the login is spelt.
    for (const server of cluster.processes)
      expectRetryAfter(await signInAnswer(server.url, login, DEMO_PASSWORD), THROTTLE_WINDOW_SECONDS);
    expectRetryAfter(
      await signInAnswer(cluster.url, ` ${login.toUpperCase()} `, DEMO_PASSWORD),
      THROTTLE_WINDOW_SECONDS,
    );
    // Another login from the same address is not held back.
    await signIn(cluster.url, 'raphael.andre@academie-demo.fr', DEMO_PASSWORD);
  });

  it('refuses the 21st wrong password of an address, its tries sent to each process in turn', async () => {
    // A client of its own (another loopback address), straight to the processes: the proxy would bring
    // every try from its own address, which the other cases share.
    const from = '127.0.0.2';
    const processes = cluster.processes;
    for (let n = 0; n < 20; n++) {
      const answer = await callFrom(from, processes[n % 3].url, 'POST', '/api/auth/token', {
        body: { login: `inconnu${n}@exemple.fr`, password: 'Mauvais1!' },
      });
      expect(answer.status, `try ${n + 1} on ${processes[n % 3].name}`).toBe(401);
    }
    for (const server of processes) {
      expectRetryAfter(
        await callFrom(from, server.url, 'POST', '/api/auth/token', {
          body: { login: 'inconnu-encore@exemple.fr', password: 'Mauvais1!' },
        }),
        THROTTLE_WINDOW_SECONDS,
      );
      expectRetryAfter(
        await callFrom(from, server.url, 'POST', '/api/auth/token', {
          body: { login: 'contributeur@demo.fr', password: DEMO_PASSWORD },
        }),
        THROTTLE_WINDOW_SECONDS,
      );
    }
    // The account itself is not held back: from another address, its password still opens a session.
    await signIn(cluster.url, 'contributeur@demo.fr', DEMO_PASSWORD);
  });
});

describe('stream tickets', () => {
  it('opens one stream with a ticket, on whichever process shows it first', async () => {
    const { token } = await signIn(cluster.url, 'admin@demo.fr', DEMO_PASSWORD);
    const [s1, s2, s3] = cluster.processes;
    const ticket = await streamTicket(cluster.url, token);
    expect(await streamStatus(s1.url, ticket)).toBe(200);
    for (const base of [s2.url, s3.url, s1.url, cluster.url]) expect(await streamStatus(base, ticket), base).toBe(401);

    // Shown to the three processes at once: one of them opens the stream, the other two refuse it.
    const raced = await streamTicket(cluster.url, token);
    const statuses = await Promise.all(cluster.processes.map((server) => streamStatus(server.url, raced)));
    expect(statuses.sort()).toEqual([200, 401, 401]);
  });
});

describe('the write budget', () => {
  /** Writes as `token` (stream tickets: writes that cost nothing else) to `baseOf(n)` until one is refused. */
  async function writesUntilRefused(
    token: string,
    baseOf: (n: number) => string,
  ): Promise<{ allowed: number; refused: Answer }> {
    for (let n = 0; n <= WRITE_BUDGET; n++) {
      const answer = await call(baseOf(n), 'POST', '/api/events/ticket', { token, body: {} });
      if (answer.status !== 200) return { allowed: n, refused: answer };
    }
    throw new Error(`${WRITE_BUDGET + 1} writes were allowed.`);
  }

  it('refuses the same write of a user whether the writes go to one process or to all three', async () => {
    const [alone, spreadOut, racing] = await Promise.all(
      ['contributeur@demo.fr', 'raphael.andre@academie-demo.fr', 'yasmine.benali@academie-demo.fr'].map((login) =>
        signIn(cluster.url, login, DEMO_PASSWORD),
      ),
    );
    const [s1] = cluster.processes;
    const onOne = await writesUntilRefused(alone.token, () => s1.url);
    expect(onOne.allowed).toBe(WRITE_BUDGET);
    // One write an hour comes back: the next is an hour away.
    expectRetryAfter(onOne.refused, 3600);

    let throughProxy!: { allowed: number; refused: Answer };
    const spread = await spreadOf(async () => {
      throughProxy = await writesUntilRefused(spreadOut.token, () => cluster.url);
    });
    expect(throughProxy.allowed).toBe(WRITE_BUDGET);
    expectRetryAfter(throughProxy.refused, 3600);
    for (const server of cluster.processes)
      expect(spread[server.name], server.name).toBeGreaterThanOrEqual(Math.floor((WRITE_BUDGET + 1) / 3));

    // Three times the budget at once, a third to each process: the budget's row is taken under its lock.
    const all = await Promise.all(
      Array.from({ length: 3 * WRITE_BUDGET }, (_, n) =>
        call(cluster.processes[n % 3].url, 'POST', '/api/events/ticket', { token: racing.token, body: {} }),
      ),
    );
    expect(all.filter((answer) => answer.status === 200).length).toBe(WRITE_BUDGET);
    expect(all.filter((answer) => answer.status === 429).length).toBe(2 * WRITE_BUDGET);
    // Reading goes on.
    expectOk(
      await call(s1.url, 'GET', '/api/courses?itemsPerPage=1', { token: racing.token }),
      'a read past the budget',
    );
  });
});

const JOBS = PERIODIC_JOBS;

interface JobStart {
  name: string;
  claimed_by: string;
  started_at: Date;
}

describe('periodic work', () => {
  beforeAll(async () => {
    // Watching from behind the API: every claim of a job (its start time moves) is written down.
    await cluster.sql(
      `CREATE TABLE scale_job_starts (name text NOT NULL, claimed_by text NOT NULL, started_at timestamptz NOT NULL)`,
    );
    await cluster.sql(`
      CREATE FUNCTION scale_record_job_start() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
      BEGIN
        INSERT INTO scale_job_starts VALUES (NEW.name, NEW.claimed_by, NEW.last_started_at);
        RETURN NULL;
      END $$`);
    await cluster.sql(`
      CREATE TRIGGER scale_job_starts AFTER UPDATE OF last_started_at ON scheduled_jobs
      FOR EACH ROW WHEN (NEW.last_started_at IS DISTINCT FROM OLD.last_started_at) EXECUTE FUNCTION scale_record_job_start()`);
  });

  const startsSince = (since: Date) =>
    cluster.sql<JobStart>(
      'SELECT name, claimed_by, started_at FROM scale_job_starts WHERE started_at >= $1 ORDER BY started_at',
      [since],
    );
  /** The process whose scheduler made this claim (`host:pid:random`). */
  const claimer = (claimedBy: string) =>
    cluster.processes.find((server) => claimedBy.split(':').at(-2) === String(server.pid()));
  const claimOf = async (name: string) =>
    (
      await cluster.sql<{ claimed_by: string | null; claimed_until: Date | null }>(
        'SELECT claimed_by, claimed_until FROM scheduled_jobs WHERE name = $1',
        [name],
      )
    )[0];

  it('ran each job at start-up, and runs it once a period across the three', async () => {
    const ran = await cluster.sql<{
      name: string;
      claimed_by: string | null;
      last_error: string | null;
      finished: boolean;
      next_in: number;
    }>(
      `SELECT name, claimed_by, last_error, last_finished_at IS NOT NULL AS finished,
              extract(epoch FROM due_at - last_finished_at - every)::float8 AS next_in
         FROM scheduled_jobs ORDER BY name`,
    );
    expect(ran).toEqual(JOBS.map((name) => ({ name, claimed_by: null, last_error: null, finished: true, next_in: 0 })));

    // An anonymous upload past its time, which the sweep must take with its file.
    const file = { name: 'oublié.pdf', type: 'application/pdf', bytes: Buffer.from(`%PDF-1.4\n% anonyme\n%%EOF\n`) };
    const anonymous = await upload(cluster.url, undefined, file, {}, '/api/public/documents/support/upload');
    expectOk(anonymous, 'anonymous upload');
    const [{ storage_key: key }] = await cluster.sql<{ storage_key: string }>(
      `UPDATE documents SET created_at = now() - interval '2 days' WHERE id = $1 RETURNING storage_key`,
      [anonymous.json.id],
    );
    expect(await cluster.s3.objectKeys()).toContain(key);

    // The next period comes for every job at once; each process looks for due jobs every second.
    const [{ at: periodCame }] = await cluster.sql<{ at: Date }>(
      'UPDATE scheduled_jobs SET due_at = now() RETURNING now() AS at',
    );
    await expect
      .poll(
        async () =>
          (await cluster.sql(`SELECT 1 FROM scheduled_jobs WHERE last_finished_at >= $1`, [periodCame])).length,
        { timeout: 15_000, interval: 200 },
      )
      .toBe(JOBS.length);
    // Every process has looked at least twice since: none of them ran a job again.
    await sleep((2 * (JOB_LEASE_SECONDS * 1000)) / 4 + 500);
    const starts = await startsSince(periodCame);
    expect(starts.map((start) => start.name).sort()).toEqual(JOBS);
    for (const start of starts) expect(claimer(start.claimed_by), start.claimed_by).toBeDefined();
    expect((await cluster.sql('SELECT 1 FROM documents WHERE id = $1', [anonymous.json.id])).length).toBe(0);
    expect(await cluster.s3.objectKeys()).not.toContain(key);
  });

  it('takes a job again once its lease lapsed, when the process running it was killed', async () => {
    // A counter past its window, locked by a transaction of ours: the sweep of expired rows stops on it.
    await cluster.sql(
      `INSERT INTO rate_buckets (key, hits, capacity, span, granted, expires_at) VALUES ('scale:held', '{}', 1, interval '1 second', true, now() - interval '1 minute')`,
    );
    const holder = new pg.Client({ connectionString: cluster.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM rate_buckets WHERE key = 'scale:held' FOR UPDATE`);
      const [{ at: dueAt }] = await cluster.sql<{ at: Date }>(
        `UPDATE scheduled_jobs SET due_at = now() WHERE name = 'expired-rows-sweep' RETURNING now() AS at`,
      );
      let first!: JobStart;
      await expect
        .poll(async () => ([first] = await startsSince(dueAt)).length, { timeout: 10_000, interval: 100 })
        .toBe(1);
      const victim = claimer(first.claimed_by);
      expect(victim, first.claimed_by).toBeDefined();

      // Held past its lease by a live process, the job is still its: it renews the claim.
      const claimed = await claimOf('expired-rows-sweep');
      await sleep(JOB_LEASE_SECONDS * 1000 * 1.5);
      expect(await startsSince(dueAt)).toHaveLength(1);
      const renewed = await claimOf('expired-rows-sweep');
      expect(renewed.claimed_by).toBe(first.claimed_by);
      expect(renewed.claimed_until!.getTime()).toBeGreaterThan(claimed.claimed_until!.getTime());

      await victim!.stop('SIGKILL');
      const [{ at: killedAt }] = await cluster.sql<{ at: Date }>('SELECT now() AS at');
      // What the dead process last renewed: nobody may take the job before it lapses.
      const { claimed_until: lapsesAt } = await claimOf('expired-rows-sweep');
      await holder.query('ROLLBACK');
      await expect
        .poll(
          async () =>
            (
              await cluster.sql(
                `SELECT 1 FROM scheduled_jobs WHERE name = 'expired-rows-sweep' AND last_finished_at > $1 AND claimed_by IS NULL`,
                [killedAt],
              )
            ).length,
          {
            timeout: 4 * JOB_LEASE_SECONDS * 1000,
            interval: 200,
          },
        )
        .toBe(1);
      const starts = await startsSince(dueAt);
      expect(starts).toHaveLength(2);
      const retaker = claimer(starts[1].claimed_by);
      expect(retaker?.running(), starts[1].claimed_by).toBe(true);
      expect(retaker).not.toBe(victim);
      expect(starts[1].started_at.getTime()).toBeGreaterThanOrEqual(lapsesAt!.getTime());
      expect((await cluster.sql(`SELECT 1 FROM rate_buckets WHERE key = 'scale:held'`)).length).toBe(0);
    } finally {
      await holder.end();
    }
  });
});
