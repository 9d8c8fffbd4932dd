import type { Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { CourseOutline } from '../../domain/outline';
import { retryUnlessRefused } from '../../providers/queryClient';

export const outlineKey = (course: Identifier) => ['courseOutline', String(course)] as const;

/**
 * The learner preview's requests: its course menu and its shown chapter, by version of the outline and version
 * of the course (live or draft). Without the rest, the keys every menu of a course, every chapter.
 */
export const learnerMenuKey = (course: Identifier, ...rest: unknown[]) => ['courseMenu', String(course), ...rest];
export const learnerChapterKey = (...rest: unknown[]) => ['displayableChapter', ...rest];

/**
 * How long an outline answer counts as fresh: the page's own changes refresh it explicitly, and one that
 * the route's preload fetched while the app started (preloadOutline.ts) is not asked for again on mount.
 */
const OUTLINE_FRESH_MS = 5_000;

/** The one request for a course's whole tree, as react-query runs it (the page and the preload alike). */
export const outlineQuery = (dataProvider: Pick<AppDataProvider, 'getCourseOutline'>, course: Identifier) => ({
  queryKey: outlineKey(course),
  queryFn: async (): Promise<CourseOutline> => (await dataProvider.getCourseOutline({ id: course })).data,
  staleTime: OUTLINE_FRESH_MS,
  // The route's preload retries as the page would (a prefetch does not by default), so that the page need
  // not ask again on mount: a refusal (a missing course's 404) stands, and is asked for once.
  retry: retryUnlessRefused,
  retryOnMount: false,
});
