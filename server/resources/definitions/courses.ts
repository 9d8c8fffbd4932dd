import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const courses: ResourceDeclaration = {
  name: 'courses',
  type: 'Course',
  table: 'courses',
  fields: {
    title: { type: { kind: 'string', maxLength: 255 }, required: true },
    description: { type: { kind: 'text' } },
    language: { type: { kind: 'relation', resource: 'languages' } },
    status: { type: { kind: 'enum', values: ['draft', 'published'] } },
    publishedAt: { type: { kind: 'datetime' }, readOnly: true },
    isTemplate: { type: { kind: 'boolean' } },
    cover: { type: { kind: 'relation', resource: 'documents' } },
    modules: { type: { kind: 'children', resource: 'modules', table: 'modules', foreignKey: 'course_id', orderBy: 'position' } },
    skills: { type: { kind: 'relations', resource: 'skills', joinTable: 'course_skills', ownColumn: 'course_id', otherColumn: 'skill_id' } },
    tags: { type: { kind: 'relations', resource: 'tags', joinTable: 'course_tags', ownColumn: 'course_id', otherColumn: 'tag_id' } },
  },
  filters: ['status', 'isTemplate', 'tags', 'skills', 'q'],
  order: ['title', 'status', 'publishedAt', 'isTemplate', 'createdAt', 'updatedAt'],
  access: rightsOf('courses'),
};
