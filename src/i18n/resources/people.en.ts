import type { peopleFr } from './people.fr';

/** Typed by the French file: a key missing here does not compile. */
export const peopleEn: typeof peopleFr = {
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
    'access-rights': {
      name: 'Access right |||| Access rights',
      fields: {
        code: 'Code',
        label: 'Label',
        description: 'Description',
        createdAt: 'Created',
        updatedAt: 'Updated',
      },
      empty: 'No access rights yet.',
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
    ticketType: { 1: 'Bug', 2: 'Support' },
    ticketStatus: { created: 'Waiting', treated: 'Treated', canceled: 'Canceled', closed: 'Closed' },
  },
};
