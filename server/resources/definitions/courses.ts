import { courses } from '../../../src/domain/contracts/courses.ts';
import { declareResource } from '../declare.ts';
import { refuseEmptyChapters, requirePublishRight } from '../publishing.ts';

export const coursesDeclaration = declareResource(courses, {
  table: 'courses',
  fields: {
    modules: { table: 'modules', foreignKey: 'course_id', orderBy: 'position' },
    skills: { joinTable: 'course_skills', ownColumn: 'course_id', otherColumn: 'skill_id' },
    tags: { joinTable: 'course_tags', ownColumn: 'course_id', otherColumn: 'tag_id' },
  },
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
});
