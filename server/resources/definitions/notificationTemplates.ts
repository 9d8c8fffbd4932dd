import { notificationTemplates } from '../../../src/domain/contracts/notificationTemplates.ts';
import { declareResource } from '../declare.ts';

export const notificationTemplatesDeclaration = declareResource(notificationTemplates, {
  table: 'notification_templates',
  constraints: { notification_templates_code_key: { field: 'code', message: 'This code is already used.' } },
});
