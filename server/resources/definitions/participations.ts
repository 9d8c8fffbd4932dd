import { participations } from '../../../src/domain/contracts/participations.ts';
import { declareResource } from '../declare.ts';

export const participationsDeclaration = declareResource(participations, {
  table: 'participations',
  constraints: {
    participations_user_id_course_id_key: { field: 'course', message: 'This user already takes part in this course.' },
  },
});
