import { errorCalls } from '../../../src/domain/contracts/errorCalls.ts';
import { declareResource } from '../declare.ts';

export const errorCallsDeclaration = declareResource(errorCalls, {
  table: 'error_calls',
});
