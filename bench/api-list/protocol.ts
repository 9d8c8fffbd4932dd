/** What server.ts tells run.ts once it listens: one stdout line, this prefix then JSON. */
export const READY_PREFIX = 'BENCH_READY ';

export interface ReadyInfo {
  port: number;
  /** An access token of superadmin@demo.fr, from a real login. */
  token: string;
  /** The page-1 answer's type and size, which /bench/constant reproduces. */
  contentType: string;
  bytes: number;
  totalItems: number;
  /** Users the demo seed made, before the scale users. */
  demoUsers: number;
  demoMs: number;
  scaleMs: number;
}
