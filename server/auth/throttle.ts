import type { Queryable } from '../db/database.ts';
import { Counters, type Bound } from '../bounds/counters.ts';

export interface ThrottleLimits {
  /** Tries per key (a login, an account...) in the window. */
  perKey: number;
  /** Tries per client address in the window, whatever key they aim at. */
  perAddress: number;
  windowSeconds: number;
}

/** Fifteen minutes, the window of every credential bound of docs/SECURITY.md. */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

/**
 * Tries at a secret (a password, a code) counted per key and per client address, in PostgreSQL
 * (server/bounds/counters.ts): every server process counts into the same rows. A try is counted before it
 * is made, in one statement, so that tries sent in parallel cannot all pass a check made before any of them
 * failed; one that succeeds is given back. `name` keeps each throttle's counts apart.
 */
export class Throttle {
  private readonly counters: Counters;

  constructor(
    db: Queryable,
    private readonly name: string,
    private readonly limits: ThrottleLimits,
  ) {
    this.counters = new Counters(db);
  }

  private keyBound(key: string): Bound {
    return { key: `${this.name}:key:${key}`, max: this.limits.perKey, windowSeconds: this.limits.windowSeconds };
  }

  private addressBound(address: string): Bound {
    return {
      key: `${this.name}:address:${address}`,
      max: this.limits.perAddress,
      windowSeconds: this.limits.windowSeconds,
    };
  }

  /**
   * Counts a try of `key` (none: the address alone) from `address` before it is made: 0 when it may go on,
   * else the seconds to wait (nothing counted).
   */
  attempt(key: string | null, address: string): Promise<number> {
    // The address first: a client past its bound leaves no row for the keys it makes up.
    return this.counters.take(
      key === null ? [this.addressBound(address)] : [this.addressBound(address), this.keyBound(key)],
    );
  }

  /** The try succeeded: it was not a guess. The key's failures are forgotten, the address's try given back. */
  async succeeded(key: string | null, address: string): Promise<void> {
    if (key !== null) await this.counters.forget([this.keyBound(key).key]);
    await this.counters.giveBack([this.addressBound(address).key]);
  }
}
