/**
 * Draft and live: once published, a course has a live version (what learners get: its menu, its chapters as
 * displayed, the parts they answer) beside the authors' draft (the tables the outline edits). Publishing
 * makes the draft live; discarding brings the draft back to the live version. A node removed from the draft
 * of a published course is only marked removed (hidden from authors) so that learners keep it until the next
 * publish and keep their answers to it after. The server derives its SQL from these declarations
 * (server/resources/liveVersion.ts).
 */

/**
 * The levels of a course's tree that have a live version, outermost first: each with the relation naming its
 * container and the fields learners get (its position among its siblings always, its container's too). A
 * field not listed (a template flag, tags) is the authors' only and live at once.
 */
export const LIVE_LEVELS = [
  { resource: 'modules', container: 'course', fields: ['title', 'description', 'releaseAt'] },
  { resource: 'chapters', container: 'module', fields: ['title', 'description', 'estimatedMinutes', 'releaseAt'] },
  { resource: 'chapter-parts', container: 'chapter', fields: ['type', 'title', 'content', 'required', 'releaseAt'] },
] as const;
export type LiveResource = (typeof LIVE_LEVELS)[number]['resource'];

/**
 * The course's own fields that learners get (its title in their menu; its description beside it): versioned
 * as the nodes' are, so that an edit reaches them on the next publish. Its other fields (tags, skills, the
 * template flag, the cover, the language) and the chapters' prerequisites no learner's view reads: the
 * authors' only, live at once.
 */
export const LIVE_COURSE = { resource: 'courses', fields: ['title', 'description'] } as const;

/** The field of a node's position among its siblings, part of its live version. */
export const POSITION_FIELD = 'position';

/** The course status whose courses have a live version. */
export const LIVE_STATUS = 'published';

/** Which version of a course a learner's view shows: the live one, or (staff previewing) the draft. */
export const COURSE_VERSIONS = ['live', 'draft'] as const;
export type CourseVersion = (typeof COURSE_VERSIONS)[number];

/** What the outline says of a course's draft beside its live version. */
export interface DraftState {
  /** Whether the course has a live version (it is published). */
  live: boolean;
  /** Whether the draft differs from the live version anywhere (a node changed, added, moved or removed). */
  changed: boolean;
  /** Whether the course's own learner-visible fields (LIVE_COURSE) differ from their live version. */
  course: boolean;
  /** The nodes of the draft that differ from their live version or are new, by level. */
  nodes: { modules: number[]; chapters: number[]; parts: number[] };
}

/** The outline's key of a level's changed nodes. */
export const DRAFT_NODE_KEYS: Record<LiveResource, keyof DraftState['nodes']> = {
  modules: 'modules',
  chapters: 'chapters',
  'chapter-parts': 'parts',
};
