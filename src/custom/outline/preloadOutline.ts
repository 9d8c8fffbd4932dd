import { dataProvider } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { outlineQuery } from './outlineQuery';

const OUTLINE_ROUTE = /^\/courses\/(\d+)\/outline$/;

/**
 * For preloadRoute: the outline page opened cold (a reload, a link) asks for its tree and its code while
 * the app starts, not once the layout and the page have rendered; the page finds the answer in the cache.
 * Undefined when the path is not an outline's.
 */
export function preloadOutline(path: string): Promise<void> | undefined {
  const match = OUTLINE_ROUTE.exec(path);
  if (!match) return undefined;
  const data = queryClient.prefetchQuery(outlineQuery(dataProvider, Number(match[1])));
  const code = import('./CourseOutlinePage').then(
    () => undefined,
    () => undefined,
  );
  return Promise.all([data, code]).then(() => undefined);
}
