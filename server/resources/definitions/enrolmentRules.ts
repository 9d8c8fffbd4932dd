import { enrolmentRules } from '../../../src/domain/contracts/enrolmentRules.ts';
import { RULE_WITHOUT_AUDIENCE } from '../../../src/domain/learning.ts';
import { isBlank } from '../../../src/domain/contracts/values.ts';
import { declareResource } from '../declare.ts';

const NO_AUDIENCE = 'A rule enrols the members holding its tag or its skill: give it one of them.';

export const enrolmentRulesDeclaration = declareResource(enrolmentRules, {
  table: 'enrolment_rules',
  // A rule naming neither would enrol nobody (or, read another way, everybody): the form says so on its
  // first field, and the database holds it for every other write path (migration 0046).
  check: {
    fields: ['tag', 'skill'],
    run: (record) => ({
      violations:
        isBlank(record.tag) && isBlank(record.skill)
          ? [{ propertyPath: 'tag', code: RULE_WITHOUT_AUDIENCE, message: NO_AUDIENCE }]
          : [],
    }),
  },
  constraints: {
    enrolment_rules_audience: { field: 'tag', code: RULE_WITHOUT_AUDIENCE, message: NO_AUDIENCE },
  },
});
