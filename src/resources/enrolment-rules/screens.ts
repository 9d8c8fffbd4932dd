import { screensOf } from '../../custom/crud/screensOf';
import { lazyComponent } from '../../custom/lazyComponent';
import { enrolmentRules } from '../../domain/contracts';

// Loaded with a rule's page only: the list needs no preview dialog.
const RuleApplyButton = lazyComponent(() =>
  import('../../custom/enrolment/RuleApplyButton').then((module) => module.RuleApplyButton),
);

/** The standard screens of enrolment rules: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(enrolmentRules, {
  fields: [
    { source: 'name', column: true },
    { source: 'course', column: true, filter: 'alwaysOn' },
    { source: 'tag', column: true, filter: true },
    { source: 'skill', column: true, filter: true },
    { source: 'dueDays', column: true },
    { source: 'remindSupervisor' },
    { source: 'active', column: true, filter: true },
    { source: 'createdBy' },
    { source: 'createdAt' },
    { source: 'updatedAt' },
  ],
  // On a rule's page: its application to the members already there, previewed first.
  showActions: RuleApplyButton,
});
