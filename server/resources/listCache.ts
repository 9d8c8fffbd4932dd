import { Lru } from '../shared/lru.ts';

/**
 * What the list engine remembers between requests, each entry stamped with the table's write generation
 * (kept by triggers in `row_counts`), so a write anywhere makes it stale at once.
 * - filtered counts: `hydra:totalItems` of a filtered list without a count(*) per request;
 * - page boundaries: the order key of the row just before a position, so a deep page starts with an
 *   index seek (keyset) instead of scanning every row before it.
 */
export interface Boundaries {
  generation: number;
  /** position N -> order key (as text) of row N-1 */
  keys: Map<number, string[]>;
}

const MAX_BOUNDARIES_PER_LIST = 2_000;

export class ListCache {
  readonly counts = new Lru<string, { generation: number; total: number }>(2_000);
  private readonly boundaries = new Lru<string, Boundaries>(500);

  boundariesFor(key: string, generation: number): Boundaries {
    const known = this.boundaries.get(key);
    if (known && known.generation === generation) return known;
    const fresh: Boundaries = { generation, keys: new Map() };
    this.boundaries.set(key, fresh);
    return fresh;
  }

  /** The closest known boundary at or before `position`, if any. */
  nearest(boundaries: Boundaries, position: number): [number, string[]] | undefined {
    const exact = boundaries.keys.get(position);
    if (exact) return [position, exact];
    let best: [number, string[]] | undefined;
    for (const [known, key] of boundaries.keys)
      if (known <= position && (!best || known > best[0])) best = [known, key];
    return best;
  }

  remember(boundaries: Boundaries, position: number, key: string[]): void {
    if (boundaries.keys.size >= MAX_BOUNDARIES_PER_LIST && !boundaries.keys.has(position)) return;
    boundaries.keys.set(position, key);
  }
}
