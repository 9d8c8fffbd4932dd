import { QueryClient } from '@tanstack/react-query';

/**
 * react-admin's query cache (its default settings), created here rather than inside <Admin> so that the
 * outline page opened cold can have its tree asked for before React renders (preloadOutline.ts).
 */
export const queryClient = new QueryClient();
