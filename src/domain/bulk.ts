/**
 * Bulk edits of a course's outline: one request acts on several modules, chapters or parts at once
 * (`POST /api/{resource}/bulk`), with the rights and checks of the single action on each of them, in one
 * transaction: all are done or none.
 */
export const BULK_ACTIONS = ['move', 'duplicate', 'delete', 'add-tags', 'release'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * The resources that take bulk actions, and which. Tags are carried by modules (and courses) only; `release`
 * sets or clears the release date (src/domain/releases.ts) of every level that has one.
 */
export const BULK_RESOURCES = {
  modules: ['move', 'duplicate', 'delete', 'add-tags', 'release'],
  chapters: ['move', 'duplicate', 'delete', 'release'],
  'chapter-parts': ['move', 'duplicate', 'delete', 'release'],
} as const satisfies Readonly<Record<string, readonly BulkAction[]>>;
export type BulkResource = keyof typeof BULK_RESOURCES;

/**
 * The most nodes one bulk request names: a gesture on a screenful of rows, bounded like any request
 * (a duplicate is also bounded by the rows it writes, COPY_MAX_ROWS).
 */
export const BULK_MAX_IDS = 100;

/** The audit log's name of each bulk action (src/domain/audit.ts lists them). */
export const BULK_AUDIT_ACTION = {
  move: 'bulk-move',
  duplicate: 'bulk-duplicate',
  delete: 'bulk-delete',
  'add-tags': 'bulk-add-tags',
  release: 'bulk-release',
} as const satisfies Record<BulkAction, string>;
