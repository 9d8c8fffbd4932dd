import { userConnections } from '../../../src/domain/contracts/userConnections.ts';
import { declareResource } from '../declare.ts';

export const userConnectionsDeclaration = declareResource(userConnections, {
  table: 'user_connections',
});
