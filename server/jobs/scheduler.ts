import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Queryable } from '../db/database.ts';

/** Periodic work: run every `everySeconds` (counted from the end of the last run) by one process. */
export interface Job {
  name: string;
  everySeconds: number;
  run: () => Promise<unknown>;
}

/** How long a claim holds without being renewed, unless told otherwise (JOB_LEASE_SECONDS). */
export const DEFAULT_JOB_LEASE_SECONDS = 120;
/** Due jobs are looked for every quarter of the lease, and at least this often. */
const MAX_TICK_MS = 30_000;

export interface SchedulerOptions {
  /** How often the due jobs are looked for (a quarter of the lease, at most 30 s, by default). */
  tickMs?: number;
  /** How long a claim holds without being renewed: a dead process's job is taken again after this. */
  leaseMs?: number;
  /** Told of a job that failed (it is tried again at its next period). */
  onError?: (job: string, error: unknown) => void;
  /** Told of each run of a job this process claimed, failed or not (the operator's figures). */
  onRun?: (job: string, failed: boolean) => void;
}

/** One due job nobody holds, claimed for `owner` until the lease ends. */
const CLAIM = `
  UPDATE scheduled_jobs SET claimed_by = $1, claimed_until = now() + make_interval(secs => $2), last_started_at = now()
   WHERE name = (SELECT name FROM scheduled_jobs
                  WHERE name = ANY($3::text[]) AND due_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
                  ORDER BY due_at LIMIT 1
                  FOR UPDATE SKIP LOCKED)
  RETURNING name`;

/**
 * Runs periodic work once across every server process on the database (migration 0011): each process ticks,
 * claims a due job with `FOR UPDATE SKIP LOCKED` (a job another process is claiming is skipped, not waited
 * for), renews its claim while the job runs and sets the next due time when it ends, failed or not. A claim
 * that lapses (its process died) lets the next tick of any process take the job again.
 */
export class JobScheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly tickMs: number;
  private readonly leaseMs: number;
  private timer?: NodeJS.Timeout;
  private turn: Promise<string[]> = Promise.resolve([]);
  private stopped = false;

  constructor(
    private readonly db: Queryable,
    private readonly options: SchedulerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_SECONDS * 1000;
    // A lapsed claim is noticed within a quarter of the lease: a dead process's job waits little past it.
    this.tickMs = options.tickMs ?? Math.min(MAX_TICK_MS, this.leaseMs / 4);
  }

  define(job: Job): this {
    this.jobs.set(job.name, job);
    return this;
  }

  /** Records the jobs (a new one is due at once; a known one keeps its schedule), runs what is due, then ticks. */
  async start(): Promise<void> {
    const jobs = [...this.jobs.values()];
    await this.db.query(
      `INSERT INTO scheduled_jobs (name, every, due_at)
       SELECT name, make_interval(secs => seconds), now() FROM unnest($1::text[], $2::float8[]) AS job(name, seconds)
       ON CONFLICT (name) DO UPDATE SET every = excluded.every`,
      [jobs.map((job) => job.name), jobs.map((job) => job.everySeconds)],
    );
    await this.runDue();
    if (this.stopped) return;
    this.timer = setInterval(() => void this.runDue(), this.tickMs);
    this.timer.unref();
  }

  /** Stops ticking and waits for the job running here, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.turn;
  }

  /** Runs, one after the other, every due job no other process holds; answers their names. Never throws. */
  runDue(): Promise<string[]> {
    this.turn = this.turn.then(async () => {
      const ran: string[] = [];
      for (;;) {
        if (this.stopped) return ran;
        const name = await this.claim().catch((error: unknown) => {
          this.options.onError?.('(claim)', error);
          return undefined;
        });
        if (!name) return ran;
        await this.runClaimed(name);
        ran.push(name);
      }
    });
    return this.turn;
  }

  private async claim(): Promise<string | undefined> {
    const [row] = await this.db.query<{ name: string }>(CLAIM, [
      this.owner,
      this.leaseMs / 1000,
      [...this.jobs.keys()],
    ]);
    return row?.name;
  }

  private async runClaimed(name: string): Promise<void> {
    const job = this.jobs.get(name) as Job;
    // The claim is renewed well before it lapses, as long as this process lives.
    const renewal = setInterval(() => {
      void this.db
        .query(
          'UPDATE scheduled_jobs SET claimed_until = now() + make_interval(secs => $3) WHERE name = $1 AND claimed_by = $2',
          [name, this.owner, this.leaseMs / 1000],
        )
        .catch(() => undefined);
    }, this.leaseMs / 3);
    let failure: string | null = null;
    try {
      await job.run();
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      this.options.onError?.(name, error);
    } finally {
      clearInterval(renewal);
      this.options.onRun?.(name, failure !== null);
    }
    await this.db
      .query(
        `UPDATE scheduled_jobs
            SET due_at = now() + every, claimed_by = NULL, claimed_until = NULL, last_finished_at = now(), last_error = $3
          WHERE name = $1 AND claimed_by = $2`,
        [name, this.owner, failure],
      )
      .catch((error: unknown) => this.options.onError?.(name, error));
  }
}
