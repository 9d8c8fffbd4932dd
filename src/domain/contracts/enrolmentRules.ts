import { DUE_DAYS_MAX } from '../learning';
import { rightsOf } from '../rights';
import { defineContract } from './types';

/**
 * "Every member of the structure with this tag (or skill) is enrolled in this course, due N days after":
 * applied to the members already there on request (with a preview), and to each one who arrives.
 */
export const enrolmentRules = defineContract({
  name: 'enrolment-rules',
  type: 'EnrolmentRule',
  description: "A structure's rule enrolling its members with a tag or a skill in a course, as they arrive.",
  fields: {
    name: { kind: 'string', maxLength: 200, required: true },
    course: { kind: 'relation', target: 'courses', required: true },
    tag: { kind: 'relation', target: 'tags' },
    skill: { kind: 'relation', target: 'skills' },
    dueDays: { kind: 'integer', min: 1, max: DUE_DAYS_MAX },
    remindSupervisor: { kind: 'boolean' },
    active: { kind: 'boolean' },
    createdBy: { kind: 'relation', target: 'users', defaultsToSessionUser: true, readOnly: true },
  },
  filters: ['course', 'tag', 'skill', 'active'],
  search: true,
  order: ['name', 'active', 'createdAt', 'updatedAt'],
  defaultOrder: [['name', 'asc']],
  rights: rightsOf('enrolment-rules'),
});
