/** A long text cut to one line for a title or a reference: whole words, an ellipsis when cut. */
export function shorten(text: string | null | undefined, max = 60): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
