import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const userConnections: ResourceDeclaration = {
  name: 'user-connections',
  type: 'UserConnection',
  table: 'user_connections',
  fields: {
    user: { type: { kind: 'relation', resource: 'users', embedded: true }, readOnly: true },
    connectedAt: { type: { kind: 'datetime' }, readOnly: true },
    ip: { type: { kind: 'string' }, readOnly: true },
    userAgent: { type: { kind: 'string' }, readOnly: true },
    success: { type: { kind: 'boolean' }, readOnly: true },
  },
  filters: ['user'],
  order: ['connectedAt', 'success'],
  defaultOrder: [['connectedAt', 'desc']],
  access: rightsOf('user-connections'),
  operations: ['list', 'get'],
};
