import { recycleBin } from '../../../src/domain/contracts/recycleBin.ts';
import type { Grants } from '../../../src/domain/permissions.ts';
import { binReach } from '../../../src/domain/recycleBin.ts';
import { literal } from '../../shared/sql.ts';
import { declareResource } from '../declare.ts';

/** The items of the resources a session may delete: all of them, or those it binned itself. */
export function binnedRowsSql(session: { userId: number; roles: readonly string[]; grants?: Grants }): string {
  const { all, own } = binReach(session.roles, session.grants);
  const among = (resources: readonly string[]) => `t.resource IN (${resources.map(literal).join(', ')})`;
  const reached = [
    ...(all.length > 0 ? [among(all)] : []),
    ...(own.length > 0 ? [`(${among(own)} AND t.deleted_by_id = ${Number(session.userId)})`] : []),
  ];
  return reached.length > 0 ? `(${reached.join(' OR ')})` : 'false';
}

export const recycleBinDeclaration = declareResource(recycleBin, {
  table: 'recycle_bin',
  sessionRows: binnedRowsSql,
});
