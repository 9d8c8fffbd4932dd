import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Periodic work goes through the job scheduler (server/jobs/scheduler.ts), which runs it once across the
 * server processes: a timer of its own would run it in every process. What may repeat in each process is
 * what belongs to it: the scheduler's own tick and claim renewal, and an open event stream's heartbeat.
 */
const ROOT = resolve(__dirname, '../../server');
const OWN_TIMERS = new Set(['jobs/scheduler.ts', 'routes/events.ts']);

describe('periodic work', () => {
  it('runs on no interval timer outside the scheduler', () => {
    const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(80);
    const timers = files.filter((file) => /\bsetInterval\s*\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(timers.filter((file) => !OWN_TIMERS.has(file))).toEqual([]);
  });
});
