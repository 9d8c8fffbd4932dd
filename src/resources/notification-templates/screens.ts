import type { ScreensConfig } from '../../custom/crud/fieldSpec';
import { TemplateBodyEditor } from '../../custom/templates/TemplateBodyEditor';
import { TemplateBodyView } from '../../custom/templates/TemplateBodyView';

/** The standard screens of notification-templates: its fields as the API serves them (API.md, Resources). */
export const config: ScreensConfig = {
  fields: [
    { source: 'code', kind: 'text', required: true, maxLength: 100, column: true, sortable: true },
    { source: 'name', kind: 'text', required: true, maxLength: 200, column: true, sortable: true },
    { source: 'channel', kind: 'enum', choices: ['email', 'sms', 'push'], choiceGroup: 'channel', column: true, sortable: true, filter: 'alwaysOn' },
    { source: 'subject', kind: 'text', maxLength: 255 },
    // Issue 16: the variables of the template's code to insert, a preview in each locale, a test mail.
    { source: 'body', kind: 'longText', editor: TemplateBodyEditor, render: TemplateBodyView },
    { source: 'locale', kind: 'enum', choices: ['fr', 'en'], choiceGroup: 'locale', column: true, sortable: true, filter: true },
    { source: 'enabled', kind: 'boolean', column: true, sortable: true },
    { source: 'createdAt', kind: 'date', sortable: true, readOnly: true },
  ],
  search: true,
  create: true,
  edit: true,
  delete: true,
};
