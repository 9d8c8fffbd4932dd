import { rightsOf } from '../../../src/domain/rights.ts';
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
  constraints: { notification_templates_code_key: { field: 'code', message: 'This code is already used.' } },
};
