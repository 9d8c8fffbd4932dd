import { rightsOf } from '../rights';
import { ROLES } from '../roles';
import { defineContract } from './types';

export const USER_TYPES = ['admin', 'contributor'] as const;
export const LOCALES = ['fr', 'en'] as const;

export const users = defineContract({
  name: 'users',
  type: 'User',
  description: 'An account of the back-office: admins (support staff) and contributors (authors).',
  fields: {
    email: { kind: 'string', format: 'email', maxLength: 180, required: true },
    firstName: { kind: 'string', maxLength: 100, required: true },
    lastName: { kind: 'string', maxLength: 100, required: true },
    phone: { kind: 'string', maxLength: 30 },
    type: { kind: 'enum', values: USER_TYPES, choiceGroup: 'userType', required: true },
    roles: { kind: 'stringList', values: ROLES, choiceGroup: 'role' },
    enabled: { kind: 'boolean' },
    locale: { kind: 'enum', values: LOCALES },
    accessRights: { kind: 'relations', target: 'access-rights' },
    tags: { kind: 'relations', target: 'tags' },
    skills: { kind: 'relations', target: 'skills' },
    lastConnectionAt: { kind: 'datetime', readOnly: true },
    password: { kind: 'password', writeOnly: true },
  },
  filters: ['type', 'enabled'],
  search: true,
  order: ['email', 'firstName', 'lastName', 'type', 'enabled', 'locale', 'lastConnectionAt', 'createdAt', 'updatedAt'],
  rights: rightsOf('users'),
});
