import { courses } from '../../../src/domain/contracts/courses.ts';
import { courseDraftChangedSql } from '../courseDraftChanged.ts';
import { declareResource } from '../declare.ts';
import { refuseEmptyChapters, requirePublishRight } from '../publishing.ts';

export const coursesDeclaration = declareResource(courses, {
  table: 'courses',
  fields: {
    modules: { table: 'modules', foreignKey: 'course_id', orderBy: 'position' },
    skills: { joinTable: 'course_skills', ownColumn: 'course_id', otherColumn: 'skill_id' },
    tags: { joinTable: 'course_tags', ownColumn: 'course_id', otherColumn: 'tag_id' },
  },
  // The published courses whose draft differs from what learners have (or, false, the others): the outline's
  // own rule, a start-up function. Plan: the list's scan of the structure's courses, then per course a probe
  // of course_live and of its recorded draft writes by their keys and, for one written since its publish, its
  // draft and live trees read once each by their course indexes: the cost grows with the edited courses' sizes.
  flagFilters: { unpublishedChanges: (flag) => `${courseDraftChangedSql('t.id')} = ${flag}` },
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
