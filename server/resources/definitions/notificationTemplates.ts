import { rightsOf } from '../../../src/domain/rights.ts';
import { templateVariables, unknownVariables } from '../../../src/domain/templateVariables.ts';
import type { Violation } from '../../http/errors.ts';
import type { ResourceDeclaration } from '../types.ts';

export const notificationTemplates: ResourceDeclaration = {
  name: 'notification-templates',
  type: 'NotificationTemplate',
  table: 'notification_templates',
  fields: {
    code: { type: { kind: 'string', maxLength: 100 }, required: true },
    name: { type: { kind: 'string', maxLength: 200 }, required: true },
    channel: { type: { kind: 'enum', values: ['email', 'sms', 'push'] } },
    subject: { type: { kind: 'string', maxLength: 255 } },
    body: { type: { kind: 'text' } },
    locale: { type: { kind: 'enum', values: ['fr', 'en'] } },
    enabled: { type: { kind: 'boolean' } },
  },
  filters: ['channel', 'locale', 'q'],
  order: ['code', 'name', 'channel', 'locale', 'enabled', 'createdAt'],
  defaultOrder: [['code', 'asc']],
  access: rightsOf('notification-templates'),
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
};
