import { enrolmentRules } from '../../../src/domain/contracts/enrolmentRules.ts';
import { declareResource } from '../declare.ts';

export const enrolmentRulesDeclaration = declareResource(enrolmentRules, {
  table: 'enrolment_rules',
});
