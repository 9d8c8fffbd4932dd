import { QueryClient } from '@tanstack/react-query';

const RETRIES = 3;

/** react-query's three retries, but not of an answer the server gave: a 4xx says the same the next time. */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failures < RETRIES;
}

/**
 * react-admin's query cache, created here rather than inside <Admin> so that the outline page opened cold
 * can have its tree asked for before React renders (preloadOutline.ts).
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: retryUnlessRefused } } });
