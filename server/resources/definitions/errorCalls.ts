import { errorCalls } from '../../../src/domain/contracts/errorCalls.ts';
import { declareResource } from '../declare.ts';

export const errorCallsDeclaration = declareResource(errorCalls, {
  table: 'error_calls',
  fields: {
    // The ids as the reporting session's token had them, and who they name (if they still exist).
    employee: {
      sql: `(SELECT json_build_object('id', u.id, 'name', concat_ws(' ', u.first_name, u.last_name)) FROM users u WHERE u.id = t.employee_id)`,
    },
  },
});
