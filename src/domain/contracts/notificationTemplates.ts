import { rightsOf } from '../rights';
import { LOCALES } from './users';
import { defineContract } from './types';

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;

export const notificationTemplates = defineContract({
  name: 'notification-templates',
  type: 'NotificationTemplate',
  description: 'The text of a notification, by code, channel and locale.',
  fields: {
    code: { kind: 'string', maxLength: 100, required: true },
    name: { kind: 'string', maxLength: 200, required: true },
    channel: { kind: 'enum', values: NOTIFICATION_CHANNELS },
    subject: { kind: 'string', maxLength: 255 },
    body: { kind: 'text' },
    locale: { kind: 'enum', values: LOCALES },
    enabled: { kind: 'boolean' },
  },
  filters: ['channel', 'locale'],
  search: true,
  order: ['code', 'name', 'channel', 'locale', 'enabled', 'createdAt'],
  defaultOrder: [['code', 'asc']],
  rights: rightsOf('notification-templates'),
});
