/** A size as people read it: the unit that keeps the number under 1024, one decimal below 10. */
export function sizeParts(bytes: number): { n: number; unit: 'B' | 'KB' | 'MB' | 'GB' } {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1024 && index < units.length - 1) {
    value /= 1024;
    index++;
  }
  const n = index === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return { n, unit: units[index] };
}
