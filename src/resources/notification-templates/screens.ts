import { screensOf } from '../../custom/crud/screensOf';
import { notificationTemplates } from '../../domain/contracts';
import { TemplateBodyEditor } from '../../custom/templates/TemplateBodyEditor';
import { TemplateBodyView } from '../../custom/templates/TemplateBodyView';

/** The standard screens of notification-templates: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(notificationTemplates, {
  fields: [
    { source: 'code', column: true },
    { source: 'name', column: true },
    { source: 'channel', column: true, filter: 'alwaysOn' },
    { source: 'subject' },
    // The variables of the template's code to insert, a preview in each locale, a test mail.
    { source: 'body', editor: TemplateBodyEditor, render: TemplateBodyView },
    { source: 'locale', column: true, filter: true },
    { source: 'enabled', column: true },
    { source: 'createdAt' },
  ],
});
