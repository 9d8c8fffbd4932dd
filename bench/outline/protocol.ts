/** What bench/outline's parent and its server child share: the ready line's prefix and the course's shape. */
export const READY_PREFIX = 'BENCH_READY ';
export { LARGE_COURSE as SHAPE } from '../support/largeCourse.ts';
