import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Counters } from '../bounds/counters.ts';
import type { Queryable } from '../db/database.ts';

/**
 * @fastify/rate-limit's counts, kept in PostgreSQL (server/bounds/counters.ts) instead of each process's
 * memory: a route's "10 a minute per address" holds for the whole deployment. One store per route (`child`),
 * its keys prefixed with the route's method and path. A refused request counts nothing.
 */
class CountersStore implements FastifyRateLimitStore {
  constructor(
    private readonly counters: Counters,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    this.counters.count({ key: `${this.prefix}${key}`, max, windowSeconds: timeWindow / 1000 }).then(
      (state) =>
        callback(null, { current: state.granted ? state.hits : max + 1, ttl: Math.max(0, state.seconds * 1000) }),
      (error: Error) => callback(error),
    );
  }

  child(options: unknown): FastifyRateLimitStore {
    const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
    return new CountersStore(this.counters, `${this.prefix}${String(route?.method ?? '')} ${route?.url ?? ''}:`);
  }
}

/** The options every route file registers @fastify/rate-limit with: per-route limits only, counted in PostgreSQL. */
export function sharedRateLimits(db: Queryable): FastifyRateLimitOptions {
  const counters = new Counters(db);
  const store: FastifyRateLimitStoreCtor = class extends CountersStore {
    constructor() {
      super(counters, 'route:');
    }
  };
  return { global: false, store };
}
