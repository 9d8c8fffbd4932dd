/**
 * Messages that come with a lazily loaded part of the app instead of with the first page: the chapter-part
 * editors bring theirs (`app.parts.*`, src/i18n/parts.*.ts) when they load. The i18n provider looks here
 * first; every component that uses such a key is in the chunk that adds it, so it is always there in time.
 */
const late = new Map<string, Map<string, string>>();

function flattenInto(target: Map<string, string>, prefix: string, messages: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(messages)) {
    const path = `${prefix}.${key}`;
    if (value && typeof value === 'object') flattenInto(target, path, value as Record<string, unknown>);
    else target.set(path, String(value));
  }
}

/** `at` is where the messages go in the catalogue, e.g. `['app', 'parts']` for `app.parts.*`. */
export function addMessages(locale: string, at: readonly string[], messages: Record<string, unknown>): void {
  const catalogue = late.get(locale) ?? new Map<string, string>();
  flattenInto(catalogue, at.join('.'), messages);
  late.set(locale, catalogue);
}

export function lateMessage(locale: string, key: string): string | undefined {
  return late.get(locale)?.get(key);
}
