import { notificationTemplates } from '../../../src/domain/contracts/notificationTemplates.ts';
import { declareResource } from '../declare.ts';
import { templateVariables, unknownVariables } from '../../../src/domain/templateVariables.ts';
import type { Violation } from '../../shared/errors.ts';

export const notificationTemplatesDeclaration = declareResource(notificationTemplates, {
  table: 'notification_templates',
  // A `{{variable}}` the code does not offer would go out empty: refused on the field that names it.
  check: {
    fields: ['code', 'subject', 'body'],
    run(record) {
      const code = typeof record.code === 'string' ? record.code : '';
      const violations: Violation[] = [];
      for (const field of ['subject', 'body'] as const) {
        const text = record[field];
        const unknown = typeof text === 'string' ? unknownVariables(code, text) : [];
        if (unknown.length > 0)
          violations.push({
            propertyPath: field,
            code: 'unknown_variable',
            message: `Unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `{{${name}}}`).join(', ')}; this template offers ${templateVariables(code).join(', ')}.`,
          });
      }
      return { violations };
    },
  },
  constraints: { notification_templates_code_key: { field: 'code', message: 'This code is already used.' } },
});
