import { diffLines } from 'diff';

/** One line of a difference: removed from the earlier text, added in the later, or the same in both. */
export interface DiffLine {
  kind: 'removed' | 'added' | 'same';
  text: string;
}

/** A run of unchanged lines left out, with its length. */
export interface DiffGap {
  kind: 'gap';
  count: number;
}

export type DiffRow = DiffLine | DiffGap;

/** Unchanged lines kept around each change: enough to see where it is, not the whole text again. */
export const CONTEXT_LINES = 2;

const splitLines = (value: string): string[] => {
  const lines = value.split('\n');
  // A block ending with its line break has no line after it.
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/**
 * Two texts compared line by line (jsdiff's `diffLines`), as the rows to show: every removed and added line,
 * and the unchanged ones near a change; a longer unchanged run is one gap.
 */
export function lineDiff(before: string, after: string): DiffRow[] {
  const lines: DiffLine[] = diffLines(before, after).flatMap((change) =>
    splitLines(change.value).map((text) => ({
      kind: change.added ? ('added' as const) : change.removed ? ('removed' as const) : ('same' as const),
      text,
    })),
  );
  const nearChange = lines.map((_line, index) =>
    lines
      .slice(Math.max(0, index - CONTEXT_LINES), index + CONTEXT_LINES + 1)
      .some((neighbour) => neighbour.kind !== 'same'),
  );
  const rows: DiffRow[] = [];
  lines.forEach((line, index) => {
    if (line.kind !== 'same' || nearChange[index]) return void rows.push(line);
    const last = rows.at(-1);
    if (last?.kind === 'gap') last.count += 1;
    else rows.push({ kind: 'gap', count: 1 });
  });
  return rows;
}
