import { dataProvider } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { outlineQuery } from './outlineQuery';

const OUTLINE_ROUTE = /^\/courses\/(\d+)\/outline$/;

/**
 * For preloadRoute: the outline page opened cold (a reload, a link) asks for its tree and its code while
 * the app starts, not once the layout and the page have rendered; the page finds the answer in the cache.
 * Resolves once the code is in, not the tree: a large course's tree takes longer to come than the layout
 * takes to render, which it does meanwhile, so that only the tree is left to draw when its answer lands.
 * Undefined when the path is not an outline's.
 */
export function preloadOutline(path: string): Promise<void> | undefined {
  const match = OUTLINE_ROUTE.exec(path);
  if (!match) return undefined;
  void queryClient.prefetchQuery(outlineQuery(dataProvider, Number(match[1])));
  return import('./CourseOutlinePage').then(
    () => undefined,
    () => undefined,
  );
}
