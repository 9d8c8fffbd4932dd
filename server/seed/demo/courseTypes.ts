import type { ChapterPartType } from '../../../src/domain/chapterParts.ts';

/** The shape of the demo catalogue: courses written out by hand, parts generated from each course's resources. */
export interface ChapterSpec {
  title: string;
  minutes: number;
  description: string;
  /** The "À retenir" list of the chapter's opening Markdown part. */
  points: string[];
  /** The parts after the Markdown opening, when the chapter's purpose calls for them; otherwise they rotate. */
  types?: ChapterPartType[];
}

export interface ModuleSpec {
  title: string;
  description: string;
  tags?: string[];
  chapters: ChapterSpec[];
}

export interface QuizSpec {
  question: string;
  options: string[];
  /** Indexes of the correct options: one for a single choice, one or more for a multiple choice. */
  correct: number[];
}

/** What a course's chapters draw their non-Markdown parts from; a missing bank means the type is not used. */
export interface ResourceBank {
  images?: { title: string; document: string; alt: string }[];
  youtube?: { title: string; url: string }[];
  videos?: { title: string; url: string }[];
  files?: { title: string; document: string; label: string }[];
  links?: { label: string; url: string }[];
  iframes?: { title: string; url: string; height: number }[];
  typeforms?: ({ title: string; formId: string } | { title: string; url: string })[];
  notes?: string[];
  open?: string[];
  long?: string[];
  quiz?: QuizSpec[];
  multi?: QuizSpec[];
  uploads?: { question: string; accept: string[]; maxSizeMb: number }[];
}

export interface CourseSpec {
  title: string;
  description: string;
  language: string;
  status: 'draft' | 'published';
  /** The structure whose own course it is; without one, the catalogue's, which every structure reads. */
  structure?: string;
  isTemplate?: boolean;
  createdDaysAgo: number;
  publishedDaysAgo?: number;
  /** Storage key of the cover document. */
  cover: string;
  tags: string[];
  skills: string[];
  /** Each chapter of a module unlocks only once the previous one is validated. */
  sequential?: boolean;
  modules: ModuleSpec[];
  resources: ResourceBank;
}

export const chapter = (
  title: string,
  minutes: number,
  description: string,
  points: string[],
  types?: ChapterPartType[],
): ChapterSpec => ({ title, minutes, description, points, types });
