/** What bench/outline's parent and its server child share: the ready line's prefix and the course's shape. */
export const READY_PREFIX = 'BENCH_READY ';
export const SHAPE = { modules: 30, chapters: 20, parts: 10 } as const;
