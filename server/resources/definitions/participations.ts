import { participations } from '../../../src/domain/contracts/participations.ts';
import type { LearnerState } from '../../../src/domain/learning.ts';
import { learnerStateSql, stateConditionSql } from '../rulesSql.ts';
import { declareResource } from '../declare.ts';

export const participationsDeclaration = declareResource(participations, {
  table: 'participations',
  fields: {
    enrolledAt: { column: 'created_at' },
    state: { sql: learnerStateSql('t') },
    learner: {
      sql: (format) =>
        `(SELECT json_build_object(${format === 'jsonld' ? `'@id', '/api/users/' || u.id, ` : ''}'id', u.id,
                 'name', concat_ws(' ', u.first_name, u.last_name), 'email', u.email)
            FROM users u WHERE u.id = t.user_id)`,
    },
  },
  // Each state as its own condition: the late learners of a course are read from its due dates' index.
  computedFilters: {
    state: (values) => `(${values.map((value) => stateConditionSql(value as LearnerState, 't')).join(' OR ')})`,
  },
  // The predicate of the course's due-date index (migration 0045), so that the list is read from it.
  defaultFilters: { unenrolled: 't.unenrolled_at IS NULL' },
  searchVia: { column: 'user_id', table: 'users' },
  constraints: {
    participations_user_id_course_id_key: { field: 'course', message: 'This user already takes part in this course.' },
  },
});
