import RuleIcon from '@mui/icons-material/Rule';
import { createElement } from 'react';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { lazyComponent } from '../../custom/lazyComponent';
import { Loader } from '../../custom/Loader';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

/*
 * "Every member with this tag (or skill) is enrolled in this course": the standard screens, and an edit
 * page that also applies the rule to the members already there (EnrolmentRuleEdit.tsx).
 */
export const enrolmentRules: ResourceDefinition = {
  name: 'enrolment-rules',
  group: 'users',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyComponent(
    () => import('./EnrolmentRuleEdit').then((module) => module.EnrolmentRuleEdit),
    createElement(Loader, { size: 'small' }),
  ),
  create: lazyScreen(load, 'Create'),
  icon: RuleIcon,
  recordRepresentation: 'name',
};
