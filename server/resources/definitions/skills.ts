import { skills } from '../../../src/domain/contracts/skills.ts';
import { declareResource } from '../declare.ts';

export const skillsDeclaration = declareResource(skills, {
  table: 'skills',
  constraints: { skills_name_key: { field: 'name', message: 'This skill already exists.' } },
});
