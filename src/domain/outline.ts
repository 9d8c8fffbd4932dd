/**
 * A course's outline as `GET /api/courses/{id}/outline` answers it (API.md): modules, their chapters (with
 * their unlocks) and the chapters' parts, each ordered by position. The data provider reads it, the outline
 * editor changes it.
 */
export interface OutlinePart {
  id: number;
  type: string;
  title: string | null;
  position: number;
  required: boolean;
  /** Learners get it from then on (src/domain/releases.ts); null: at once. */
  releaseAt?: string | null;
}

export interface OutlineChapter {
  id: number;
  title: string;
  position: number;
  isTemplate: boolean;
  /** The chapters that must be validated first. */
  unlocks: number[];
  releaseAt?: string | null;
  parts: OutlinePart[];
}

export interface OutlineModule {
  id: number;
  title: string;
  position: number;
  isTemplate: boolean;
  releaseAt?: string | null;
  chapters: OutlineChapter[];
}

export interface CourseOutline {
  id: number;
  title: string;
  status: 'draft' | 'published';
  publishedAt: string | null;
  updatedAt: string;
  /** The course's structure (null: the catalogue's): whether the session may change it, without another request. */
  company: number | null;
  /** The time zone its dates are read and written in: its structure's (the default for the catalogue). */
  timeZone?: string;
  modules: OutlineModule[];
}
