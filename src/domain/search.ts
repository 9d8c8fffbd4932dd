/**
 * Search everywhere (the app bar's box, Ctrl+K): which resources it finds and by which of their fields, with
 * how much each field weighs in the ranking (A the most, D the least). The server derives from this table the
 * full-text column of each resource's table and its index at start-up, and the query of `GET /api/search`;
 * the back-office reads the kinds' order. A field is a contract's field: text, or JSON whose strings count
 * (a chapter part's content).
 */
export type SearchWeight = 'A' | 'B' | 'C' | 'D';

export interface SearchKind {
  /** The resource's API name; a session that may not list it does not search it. */
  resource: string;
  /** Searched fields and their weight. */
  fields: Readonly<Record<string, SearchWeight>>;
  /** The fields whose values, joined by a space, make a result's one-line label. */
  label: readonly string[];
}

export const SEARCH_KINDS: readonly SearchKind[] = [
  { resource: 'courses', fields: { title: 'A', description: 'B' }, label: ['title'] },
  { resource: 'modules', fields: { title: 'A', description: 'B' }, label: ['title'] },
  { resource: 'chapters', fields: { title: 'A', description: 'B' }, label: ['title'] },
  { resource: 'chapter-parts', fields: { title: 'A', content: 'C' }, label: ['title'] },
  { resource: 'users', fields: { lastName: 'A', firstName: 'A', email: 'B' }, label: ['firstName', 'lastName'] },
  { resource: 'tickets', fields: { subject: 'A' }, label: ['subject'] },
  { resource: 'documents', fields: { name: 'A' }, label: ['name'] },
  { resource: 'sheets', fields: { title: 'A', content: 'C' }, label: ['title'] },
  { resource: 'notes-bo', fields: { content: 'A' }, label: ['content'] },
];

export const SEARCH_RESOURCES = SEARCH_KINDS.map((kind) => kind.resource);

/** The longest query the server reads, in characters. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** The words of a query kept (the first ones); each must appear in a result. */
export const SEARCH_MAX_WORDS = 8;
/** Results of one kind in an answer, the best ranked first. */
export const SEARCH_RESULTS_PER_KIND = 5;
/**
 * Rows of one kind ranked at most: a query matching more (a single letter over 100,000 users) ranks the first
 * ones its index gives, so that an answer's cost has a bound whatever is typed.
 */
export const SEARCH_CANDIDATES_PER_KIND = 500;
/**
 * The shortest last word read as the beginning of a word: a single letter would match most of the records
 * (every name starting with it), which ranks nothing useful; alone it matches a whole word.
 */
export const SEARCH_PREFIX_MIN_LENGTH = 2;
/**
 * The shortest word looked for inside longer words ("securite" in "cybersécurité", in the naming fields, the
 * weight A ones): the trigram index finds a part of three characters or more; a shorter word only matches
 * as a word or the beginning of one.
 */
export const SEARCH_PART_MIN_LENGTH = 3;

/** The longest label of a result, in characters (a note's text). */
export const SEARCH_LABEL_MAX_LENGTH = 120;

/**
 * The words of a query as the search reads them: letters and digits (any script, accents kept: the database
 * folds them), at most SEARCH_MAX_WORDS. Punctuation separates words and never reaches a query's syntax.
 */
export function searchWords(query: string): string[] {
  return (query.slice(0, SEARCH_QUERY_MAX_LENGTH).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
}

/** One result: the record's id and its one-line label. */
export interface SearchHit {
  id: number;
  label: string;
}

/** The answer of `GET /api/search`: the kinds the session searched that found something, in SEARCH_KINDS' order. */
export interface SearchAnswer {
  query: string;
  groups: { resource: string; hits: SearchHit[]; more: boolean }[];
}
