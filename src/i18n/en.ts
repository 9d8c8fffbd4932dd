import englishMessages from 'ra-language-english';
import type { Messages } from './fr';

/** English, loaded on demand; typed by the French messages so that no key is missing. */
export const en: Messages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    auth: { ...englishMessages.ra.auth, email: 'E-mail address' },
  },
  resources: {
    users: {
      name: 'User |||| Users',
      fields: {
        name: 'Name',
        firstName: 'First name',
        lastName: 'Last name',
        email: 'E-mail address',
        phone: 'Phone',
        type: 'Type',
        roles: 'Roles',
        enabled: 'Enabled',
        locale: 'Language',
        company: 'Organisation',
        accessRights: 'Access rights',
        lastConnectionAt: 'Last login',
        createdAt: 'Created',
        updatedAt: 'Updated',
      },
      empty: 'No users yet.',
      invite: 'Do you want to add one?',
    },
    courses: {
      name: 'Course |||| Courses',
      fields: {
        title: 'Title',
        description: 'Description',
        status: 'Status',
        isTemplate: 'Template',
        publishedAt: 'Published',
        createdAt: 'Created',
        updatedAt: 'Updated',
      },
      empty: 'No courses yet.',
      invite: 'Do you want to add one?',
    },
    tickets: {
      name: 'Ticket |||| Tickets',
      fields: {
        subject: 'Subject',
        type: 'Type',
        status: 'Status',
        parent: 'About',
        author: 'Author',
        createdAt: 'Created',
        updatedAt: 'Updated',
      },
      empty: 'No tickets yet.',
      invite: 'Do you want to add one?',
    },
  },
  choices: {
    userType: { admin: 'Administrator', contributor: 'Contributor' },
    courseStatus: { draft: 'Draft', published: 'Published' },
    ticketType: { 1: 'Bug', 2: 'Support' },
    ticketStatus: { created: 'Waiting', treated: 'Treated', canceled: 'Canceled', closed: 'Closed' },
  },
  app: {
    auth: {
      invalid_credentials: 'Wrong e-mail address or password.',
      login_error: 'An error occurred',
      no_token: 'An error occurred: the login was refused.',
      role_refused: 'This account has no access to the back-office.',
    },
    http: {
      network: 'The server does not answer. Check your connection.',
      bad_request: 'The request is not valid.',
      unauthorized: 'Your session has ended, please log in again.',
      forbidden: 'You do not have the rights this needs.',
      not_found: 'This item does not exist (any more).',
      conflict: 'Someone changed this item meanwhile: reload the page, nothing was overwritten.',
      too_large: 'The file is too large.',
      unsupported_type: 'This type of file is not accepted.',
      too_many_requests: 'Too many attempts: try again in a few minutes.',
      server_error: 'An error occurred on the server.',
    },
    validation: {
      blank: 'This field is required.',
      choice: 'This value is not one of the choices.',
      email: 'This e-mail address is not valid.',
      format: 'The format is not valid.',
      length: 'This text is too long.',
      range: 'This value is out of the allowed range.',
      reference: 'The chosen item does not exist.',
      type: 'This value is not of the right type.',
      unique: 'This value is already used.',
    },
  },
};
