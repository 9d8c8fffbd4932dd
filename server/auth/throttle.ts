/**
 * A login as the users table is searched with it (trimmed, case-folded): padding or re-casing a login
 * must not give it a fresh count.
 */
export const loginKey = (login: string) => `login:${login.normalize('NFKC').trim().toLowerCase()}`;

/**
 * Counts failed logins per login and per client address over a sliding window; past the limit the
 * caller is told how long to wait. In memory: the reference server is one process.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: { perLogin: number; perAddress: number; windowMs: number } = {
      perLogin: 5,
      perAddress: 20,
      windowMs: 15 * 60_000,
    },
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length > 0) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Seconds to wait before the next try, or 0 when a try is allowed. */
  retryAfter(login: string, address: string): number {
    let wait = 0;
    for (const [key, limit] of [[loginKey(login), this.limits.perLogin], [`ip:${address}`, this.limits.perAddress]] as const) {
      const times = this.recent(key);
      if (times.length >= limit) wait = Math.max(wait, Math.ceil((times[times.length - limit] + this.limits.windowMs - this.now()) / 1000));
    }
    return wait;
  }

  fail(login: string, address: string): void {
    // Logins an attacker makes up would otherwise each keep an entry: past a bound, drop the stale ones.
    if (this.failures.size > 100_000) for (const key of [...this.failures.keys()]) this.recent(key);
    for (const key of [loginKey(login), `ip:${address}`]) this.failures.set(key, [...this.recent(key), this.now()]);
  }

  succeed(login: string): void {
    this.failures.delete(loginKey(login));
  }
}
