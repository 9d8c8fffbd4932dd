import { rightsOf } from '../../../src/domain/rights.ts';
import { refuseEmptyChapters, requirePublishRight } from '../publishing.ts';
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
  // `status` has its own action (publish): written here, it passes the same checks and keeps publishedAt true.
  async beforeWrite({ tx, mode, id, columns, session }) {
    const status = columns.get('status');
    if (!status) return;
    if (mode === 'update') {
      const [stored] = await tx.query<{ status: string }>('SELECT status FROM courses WHERE id = $1 FOR UPDATE', [id]);
      if (!stored || stored.status === status.value) return void columns.delete('status');
    } else if (status.value === 'draft') return;
    await requirePublishRight(tx, session);
    if (status.value === 'published') {
      if (id !== undefined) await refuseEmptyChapters(tx, id);
      columns.set('published_at', { value: new Date().toISOString(), cast: 'timestamptz' });
    } else columns.set('published_at', { value: null });
  },
};
