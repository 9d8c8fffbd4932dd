/** A row of `draftDifferencesSql`: a changed node (no ranks), or a node of a reordered container with its ranks. */
export interface DifferenceRow {
  level: string;
  id: number;
  draft_rank: string | number | null;
  live_rank: string | number | null;
  parent_id: number | null;
}

/**
 * Of the nodes of reordered containers, those that moved: in each container, the nodes in their draft order
 * whose live ranks are not on one longest increasing run. Moving one node shifts every node between its two
 * places, but only that one left the order the others keep: "Modifié" is for it alone.
 */
export function movedNodes(rows: readonly DifferenceRow[]): { level: string; id: number }[] {
  const containers = new Map<string, { level: string; id: number; draft: number; live: number }[]>();
  for (const row of rows) {
    if (row.live_rank === null || row.draft_rank === null) continue;
    const key = `${row.level} ${row.parent_id}`;
    const group = containers.get(key) ?? [];
    containers.set(key, group);
    group.push({ level: row.level, id: Number(row.id), draft: Number(row.draft_rank), live: Number(row.live_rank) });
  }
  const moved: { level: string; id: number }[] = [];
  for (const group of containers.values()) {
    group.sort((a, b) => a.draft - b.draft);
    const kept = longestIncreasing(group.map((node) => node.live));
    group.forEach((node, index) => {
      if (!kept.has(index)) moved.push({ level: node.level, id: node.id });
    });
  }
  return moved;
}

/** The indexes of one longest strictly increasing subsequence of `values` (patience sorting, n log n). */
export function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length).fill(-1);
  for (const [index, value] of values.entries()) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]] < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1];
    tails[low] = index;
  }
  const kept = new Set<number>();
  for (let index = tails.length > 0 ? tails[tails.length - 1] : -1; index >= 0; index = previous[index])
    kept.add(index);
  return kept;
}
