import { chapterPartResponses } from './chapter-part-responses';
import { chapterParts } from './chapter-parts';
import { chapterValidations } from './chapter-validations';
import { chapters } from './chapters';
import { comments } from './comments';
import { courses } from './courses';
import { documents } from './documents';
import { folders } from './folders';
import { imports } from './imports';
import { modules } from './modules';
import { recycleBin } from './recycle-bin';
import { sheets } from './sheets';
import { skills } from './skills';
import { tags } from './tags';
import type { ResourceDefinition } from './types';

/** Contents and the library: courses and what they are made of, learner progress on them, documents, sheets, folders, imports. */
export const contentResources: readonly ResourceDefinition[] = [
  courses,
  modules,
  chapters,
  chapterParts,
  comments,
  tags,
  skills,
  chapterPartResponses,
  chapterValidations,
  documents,
  sheets,
  folders,
  imports,
  recycleBin,
];
