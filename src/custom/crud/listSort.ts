import { contractOf } from '../../domain/contracts';

export interface ListSort {
  field: string;
  order: 'ASC' | 'DESC';
}

/**
 * A list's order until the user picks another: its contract's default order, or, where the contract leaves
 * the order to the ids, the one its folder chose (`listSort`, passed to react-admin in the resource's options).
 */
export function listSortOf(resource: string, chosen?: ListSort): ListSort {
  const [first] = contractOf(resource).defaultOrder ?? [];
  if (first) return { field: first[0], order: first[1] === 'asc' ? 'ASC' : 'DESC' };
  return chosen ?? { field: 'id', order: 'ASC' };
}
