import { cannedReplies } from '../../../src/domain/contracts/cannedReplies.ts';
import {
  CANNED_REPLY_SHORTCUT,
  CANNED_REPLY_VARIABLES,
  unknownCannedReplyVariables,
} from '../../../src/domain/helpdesk.ts';
import { unprocessable, violation, type Violation } from '../../shared/errors.ts';
import { handlesTickets, structureOfWrite } from './tickets.ts';
import { declareResource } from '../declare.ts';

export const cannedRepliesDeclaration = declareResource(cannedReplies, {
  table: 'canned_replies',
  // A `{{variable}}` no ticket fills would be sent empty; a shortcut with spaces could never be typed after `/`.
  check: {
    fields: ['shortcut', 'body'],
    run(record) {
      const violations: Violation[] = [];
      if (typeof record.shortcut === 'string' && !CANNED_REPLY_SHORTCUT.test(record.shortcut))
        violations.push({
          propertyPath: 'shortcut',
          code: 'invalid_shortcut',
          message: 'A shortcut is made of lower-case letters, digits, "-" and "_", starting with a letter or digit.',
        });
      const unknown = typeof record.body === 'string' ? unknownCannedReplyVariables(record.body) : [];
      if (unknown.length > 0)
        violations.push({
          propertyPath: 'body',
          code: 'unknown_variable',
          message: `Unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `{{${name}}}`).join(', ')}; canned replies offer ${CANNED_REPLY_VARIABLES.join(', ')}.`,
        });
      return { violations };
    },
  },
  // A macro's assignee is one a ticket of the reply's structure may have.
  async beforeWrite(write) {
    const assignee = write.columns.get('assignee_id')?.value;
    if (typeof assignee !== 'number') return;
    if (!(await handlesTickets(write.tx, assignee, await structureOfWrite(write, 'canned_replies'), write.session)))
      throw unprocessable([
        violation(
          'assignee',
          'not_staff',
          'Cette personne ne traite pas les tickets de la structure de cette réponse type.',
        ),
      ]);
  },
  constraints: { canned_replies_shortcut_key: { field: 'shortcut', message: 'This shortcut is already used.' } },
});
