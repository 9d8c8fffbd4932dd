import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JobScheduler, type Job } from '../../server/jobs/scheduler.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { PERIODIC_JOBS } from '../support/periodicJobs.ts';

/**
 * Periodic work runs once across the server processes and outlives a process that dies mid-job
 * (server/jobs/scheduler.ts). Each scheduler stands for a process: its own claims, over one database.
 */
let t: TestApp;
const started: JobScheduler[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const scheduler of started) await scheduler.stop();
  await t?.close();
});
beforeEach(async () => {
  await t.db.query(`DELETE FROM scheduled_jobs WHERE name LIKE 'test-%'`);
});

/** A process's scheduler of one job, ticking only when told to. */
async function processWith(job: Job, leaseMs = 60_000): Promise<JobScheduler> {
  const scheduler = new JobScheduler(t.db, { tickMs: 3_600_000, leaseMs }).define(job);
  started.push(scheduler);
  await scheduler.start();
  return scheduler;
}

const dueNow = (name: string) => t.db.query(`UPDATE scheduled_jobs SET due_at = now() WHERE name = $1`, [name]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('periodic work', () => {
  it('runs once across processes, then once a period', async () => {
    let runs = 0;
    const job = { name: 'test-once', everySeconds: 3600, run: async () => void runs++ };
    const processes = await Promise.all([processWith(job), processWith(job), processWith(job)]);
    expect(runs).toBe(1);
    await Promise.all(processes.map((scheduler) => scheduler.runDue()));
    expect(runs).toBe(1);
    await dueNow(job.name);
    const ran = await Promise.all(processes.map((scheduler) => scheduler.runDue()));
    expect(runs).toBe(2);
    expect(ran.flat()).toEqual(['test-once']);
    const [row] = await t.db.query<{ in_seconds: number; claimed_by: string | null }>(
      `SELECT extract(epoch FROM due_at - now())::float8 AS in_seconds, claimed_by FROM scheduled_jobs WHERE name = $1`,
      [job.name],
    );
    expect(row.claimed_by).toBeNull();
    expect(Number(row.in_seconds)).toBeGreaterThan(3500);
  });

  it('is not taken from a live process whose job outlasts its lease', async () => {
    let runs = 0;
    let release!: () => void;
    const running = new Promise<void>((resolve) => (release = resolve));
    const job = {
      name: 'test-long',
      everySeconds: 3600,
      run: async () => {
        runs++;
        await running;
      },
    };
    // The job lasts longer than several leases: its process renews its claim meanwhile.
    const first = new JobScheduler(t.db, { tickMs: 3_600_000, leaseMs: 1_500 }).define(job);
    started.push(first);
    const starting = first.start();
    await sleep(3_000);
    const second = await processWith(job, 1_500);
    expect(await second.runDue()).toEqual([]);
    release();
    await starting;
    expect(runs).toBe(1);
  });

  it('is taken again once the claim of a process that died has lapsed', async () => {
    let runs = 0;
    const job = { name: 'test-orphan', everySeconds: 3600, run: async () => void runs++ };
    const survivor = await processWith(job);
    expect(runs).toBe(1);
    // A process took the job, then died: its claim is no longer renewed.
    await t.db.query(
      `UPDATE scheduled_jobs SET due_at = now(), claimed_by = 'dead-host:1:0', claimed_until = now() + interval '2 seconds' WHERE name = $1`,
      [job.name],
    );
    expect(await survivor.runDue()).toEqual([]);
    await sleep(2_100);
    expect(await survivor.runDue()).toEqual(['test-orphan']);
    expect(runs).toBe(2);
  });

  it('keeps its schedule after a failure, which it records', async () => {
    const failures: string[] = [];
    const job = {
      name: 'test-failing',
      everySeconds: 60,
      run: async () => {
        throw new Error('disque plein');
      },
    };
    const scheduler = new JobScheduler(t.db, { tickMs: 3_600_000, onError: (name) => failures.push(name) }).define(job);
    started.push(scheduler);
    await scheduler.start();
    expect(failures).toEqual(['test-failing']);
    const [row] = await t.db.query<{ last_error: string; due: boolean }>(
      `SELECT last_error, due_at > now() AS due FROM scheduled_jobs WHERE name = $1`,
      [job.name],
    );
    expect(row).toEqual({ last_error: 'disque plein', due: true });
  });

  it('carries every periodic task of the server: none runs on a timer of its own', async () => {
    const [row] = await t.db.query<{ names: string[] }>(
      `SELECT array_agg(name ORDER BY name) AS names FROM scheduled_jobs WHERE name NOT LIKE 'test-%'`,
    );
    expect(row.names).toEqual(PERIODIC_JOBS);
  });
});
