/** What server.ts tells run.ts once it listens: one stdout line, this prefix then JSON. */
export const READY_PREFIX = 'APP_LOAD_READY ';

/** Where the server serves the baseline's build (its Vite `base`); the back-office is at `/`. */
export const BASELINE_PATH = '/baseline/';

export interface ReadyInfo {
  port: number;
}
