import { QueryClient } from '@tanstack/react-query';

/**
 * react-admin's query cache (its default settings), created here rather than inside <Admin> so that the
 * first page's early list answer can be put in it before React renders (earlyList.ts).
 */
export const queryClient = new QueryClient();
