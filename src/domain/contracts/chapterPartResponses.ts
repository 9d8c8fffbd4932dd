import { rightsOf } from '../rights';
import { defineContract } from './types';

export const RESPONSE_STATUSES = ['submitted', 'validated', 'rejected'] as const;

export const chapterPartResponses = defineContract({
  name: 'chapter-part-responses',
  type: 'ChapterPartResponse',
  description: "A learner's answer to an interactive part, and its review.",
  fields: {
    chapterPart: { kind: 'relation', target: 'chapter-parts', required: true },
    user: { kind: 'relation', target: 'users', required: true },
    value: { kind: 'json' },
    status: { kind: 'enum', values: RESPONSE_STATUSES, choiceGroup: 'responseStatus' },
    feedback: { kind: 'text' },
  },
  filters: ['chapterPart', 'user', 'status'],
  // The answers to any part of a chapter (the review screen).
  ruleFilters: { chapter: { kind: 'relation', target: 'chapters' } },
  order: ['status', 'createdAt'],
  rights: rightsOf('chapter-part-responses'),
});
