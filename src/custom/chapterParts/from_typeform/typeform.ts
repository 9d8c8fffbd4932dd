const FORM_ID = /^[A-Za-z0-9]+$/;

/**
 * The address a Typeform part embeds: its form id on Typeform's own host, or the https address given.
 * Undefined for anything else, which is then not framed.
 */
export function typeformAddressOf(formId: string, url: string): string | undefined {
  if (FORM_ID.test(formId)) return `https://form.typeform.com/to/${formId}`;
  if (url.startsWith('https://')) return url;
  return undefined;
}

/** What the author pasted: an address of a form (`…/to/AbC123`) gives its id; anything else stays as typed. */
export function splitTypeform(input: string): { formId?: string; url?: string } {
  const trimmed = input.trim();
  if (FORM_ID.test(trimmed)) return { formId: trimmed };
  const match = /^https:\/\/[^/]*typeform\.com\/to\/([A-Za-z0-9]+)/.exec(trimmed);
  if (match) return { formId: match[1] };
  return { url: trimmed };
}
