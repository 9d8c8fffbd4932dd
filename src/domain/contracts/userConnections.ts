import { rightsOf } from '../rights';
import { defineContract } from './types';

export const userConnections = defineContract({
  name: 'user-connections',
  type: 'UserConnection',
  description: 'One sign-in attempt of a user, successful or not.',
  fields: {
    user: { kind: 'relation', target: 'users', embedded: true, readOnly: true },
    connectedAt: { kind: 'datetime', readOnly: true },
    ip: { kind: 'string', readOnly: true },
    userAgent: { kind: 'string', readOnly: true },
    success: { kind: 'boolean', readOnly: true },
  },
  filters: ['user'],
  order: ['connectedAt', 'success'],
  defaultOrder: [['connectedAt', 'desc']],
  rights: rightsOf('user-connections'),
  operations: ['list', 'get'],
});
