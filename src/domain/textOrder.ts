/**
 * Text sorts as a French reader expects: case and accents weigh only between otherwise equal words (`é`
 * with `e`, `Sécurité` before `Soft skills`, `Le jour J` before `Le RGPD`). The database's ICU collation of
 * that name (fr-FR, in PostgreSQL and in PGlite alike) orders every list by a text field, and the field's
 * order index is built in it, so a page and its keyset seek still read the index.
 */
export const TEXT_ORDER_COLLATION = 'french';

/** Field kinds whose order is a reader's: free text, not a code of fixed values. */
export const TEXT_ORDER_KINDS: ReadonlySet<string> = new Set(['string', 'text']);
