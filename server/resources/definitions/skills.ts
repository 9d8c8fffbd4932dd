import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const skills: ResourceDeclaration = {
  name: 'skills',
  type: 'Skill',
  table: 'skills',
  fields: {
    name: { type: { kind: 'string', maxLength: 150 }, required: true },
    description: { type: { kind: 'text' } },
  },
  filters: ['q'],
  order: ['name', 'createdAt'],
  defaultOrder: [['name', 'asc']],
  access: rightsOf('skills'),
  constraints: { skills_name_key: { field: 'name', message: 'This skill already exists.' } },
};
