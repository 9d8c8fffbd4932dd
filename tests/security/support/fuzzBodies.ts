import fc from 'fast-check';
import { declarations } from '../../../server/resources/definitions/index.ts';
import type { FieldDeclaration, FieldType, ResourceDeclaration } from '../../../server/resources/types.ts';
import { CHAPTER_PART_TYPES, type ChapterPartType } from '../../../src/domain/chapterParts.ts';

/**
 * Request bodies for fuzzing, generated from the resource declarations' field types: valid values of the
 * declared type mixed with wrong types, boundary values, long strings, NULs and lone surrogates, unicode,
 * nested junk, IRIs of other resources and unknown keys.
 *
 * References to rows are generated as `Ref`s and resolved when the request is sent, against the ids the
 * database holds then: bodies are drawn once from a fixed seed, while rows come and go during the run.
 */

export class Ref {
  constructor(
    readonly resource: string,
    readonly pick: number,
    readonly form: 'iri' | 'id' | 'text' | 'object' = 'iri',
  ) {}
}

/** The ids each resource has now; `protectedIds` are rows a path must not target (the signed-in personas). */
export interface IdPool {
  ids: ReadonlyMap<string, readonly number[]>;
  protectedIds: ReadonlyMap<string, ReadonlySet<number>>;
}

const MISSING_ID = 987_654_321;

export function idFor(ref: Ref, pool: IdPool, asPathTarget = false): number {
  const forbidden = asPathTarget ? pool.protectedIds.get(ref.resource) : undefined;
  const ids = (pool.ids.get(ref.resource) ?? []).filter((id) => !forbidden?.has(id));
  return ids.length === 0 ? MISSING_ID : ids[ref.pick % ids.length];
}

/** Replaces every `Ref` in a generated value by the reference to a row that exists now. */
export function resolve(value: unknown, pool: IdPool): unknown {
  if (value instanceof Ref) {
    const id = idFor(value, pool);
    const iri = `/api/${value.resource}/${id}`;
    return { iri, id, text: String(id), object: { '@id': iri } }[value.form];
  }
  if (Array.isArray(value)) return value.map((item) => resolve(item, pool));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, pool)]));
  return value;
}

const RESOURCES = declarations.map((declaration) => declaration.name);

// Strings: mostly harmless, sometimes hostile. A NUL or a lone surrogate stops a body at the input guard,
// so they stay rare enough for most bodies to reach the handlers and the database.
const HOSTILE_UNITS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e',
  '\ufeff',
  '\u200b',
  'é',
  '😀',
  "'",
  '"',
  '\\',
  '%',
  '_',
  '\n',
];
const unit = fc.oneof(
  { weight: 30, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_UNITS) },
);
const SPECIAL_STRINGS = [
  '',
  ' ',
  '\t\n',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  'NaN',
  "'; DROP TABLE users; --",
  '%00',
  '\\u0000',
  '${jndi:x}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'e\u0301',
  '\u00e9',
  'Ａ',
  '/api/',
  '/api/courses/',
  '/api/courses/0',
  '/api/courses/-1',
  '/api/courses/2147483648',
  '/api/courses/99999999999999999999',
  '/api/nope/1',
  '2024-02-30',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '1970-01-01T00:00:00+14:59',
];
export const anyString = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  // Long and incompressible: past a text column's btree limit (2,704 bytes) and any declared maxLength.
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 2_800, maxLength: 4_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(255, 256, 1_000, 20_001, 100_001).map((length) => 'x'.repeat(length)) },
);

const BOUNDARY_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  1e-7,
  100,
  101,
  10_000,
  10_001,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
];
const anyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...BOUNDARY_NUMBERS),
);

const ref = (resource: string) =>
  fc
    .tuple(fc.nat(), fc.constantFrom<Ref['form']>('iri', 'iri', 'id', 'text', 'object'))
    .map(([pick, form]) => new Ref(resource, pick, form));
/** A list of references; now and then a huge one (20,000 ids, most of them rows that do not exist). */
const referenceList = (resource: string) =>
  fc.oneof(
    { weight: 30, arbitrary: fc.array(ref(resource), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.constant(Array.from({ length: 20_000 }, (_, index) => index + 1)) },
  );
/** A reference to a row of any resource: the wrong resource, most of the time. */
const anyRef = fc.tuple(fc.constantFrom(...RESOURCES), fc.nat()).map(([resource, pick]) => new Ref(resource, pick));

const scalarJunk = fc.oneof(anyString, anyNumber, fc.boolean(), fc.constant(null));
/** Nested junk: objects and arrays of anything, a few levels deep, keys included. */
export const junk: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarJunk,
    anyRef,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ unit, maxLength: 12 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

// One valid password in ten: hashing one (scrypt) costs as much as a hundred other requests.
const PASSWORDS = [
  'Motdepasse-Fuzz-2025',
  'court',
  '',
  ' '.repeat(12),
  'sansmajuscule1',
  'SANSMINUSCULE1',
  'SansChiffre',
  'Court1',
  'É'.repeat(129),
  'Aa1'.repeat(43),
];

/** A valid value of a declared field type (valid for its type: references may still point at missing rows). */
function validValue(name: string, type: FieldType): fc.Arbitrary<unknown> | undefined {
  switch (type.kind) {
    case 'string': {
      if (type.format === 'email')
        return fc
          .tuple(fc.nat(), fc.constantFrom('exemple.fr', 'demo.fr'))
          .map(([n, domain]) => `fuzz.${name}.${n}@${domain}`);
      if (type.format === 'color')
        return fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
      if (type.format === 'url') return fc.nat().map((n) => `https://exemple.fr/${n}`);
      if (type.format === 'timeZone') return fc.constantFrom('Europe/Paris', 'America/New_York', 'UTC');
      return fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(type.maxLength ?? 60, 60) })
        .filter((text) => text.trim() !== '');
    }
    case 'text':
      return fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 });
    case 'integer':
      return fc.integer({ min: type.min ?? -1000, max: type.max ?? (type.min === 0 ? 12 : 1000) });
    case 'boolean':
      return fc.boolean();
    case 'datetime':
      return fc
        .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'enum':
      return fc.constantFrom(...type.values);
    case 'json':
      return fc.jsonValue({ maxDepth: 3 });
    case 'stringList':
      return type.values ? fc.subarray([...type.values]) : fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 });
    case 'password':
      return fc.constantFrom(...PASSWORDS);
    case 'relation':
      return ref(type.resource);
    case 'relations':
      return referenceList(type.resource);
    case 'polymorphic':
      return fc.constantFrom(...Object.keys(type.targets)).chain((resource) => ref(resource));
    case 'children':
    case 'computed':
      return undefined;
  }
}

/** A value for a field: valid most of the time, otherwise of a wrong type, a boundary, junk or a foreign reference. */
export function fieldValue(name: string, field: FieldDeclaration | FieldType): fc.Arbitrary<unknown> {
  const type = 'kind' in field ? field : field.type;
  const valid = validValue(name, type);
  return fc.oneof(
    ...(valid ? [{ weight: 12, arbitrary: valid }] : []),
    { weight: 2, arbitrary: scalarJunk },
    { weight: 1, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS) },
    { weight: 1, arbitrary: anyRef },
    { weight: 1, arbitrary: junk },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

/** A chapter part's content that fits its type (API.md, content by type), or one that almost does. */
const partContent = (type: ChapterPartType): fc.Arbitrary<Record<string, unknown>> => {
  const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 });
  const document = ref('documents');
  const options = fc.array(fc.record({ label: text, correct: fc.boolean() }), { minLength: 2, maxLength: 5 });
  switch (type) {
    case 'text_markdown':
      return fc.record({ markdown: text });
    case 'image':
      return fc.record({ document, alt: text });
    case 'video_youtube':
      return fc.record({
        url: fc.constantFrom(
          'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          'https://youtu.be/dQw4w9WgXcQ',
          'https://youtu.be/x',
        ),
      });
    case 'video':
      return fc.oneof(fc.record({ url: fc.constant('https://exemple.fr/video.mp4') }), fc.record({ document }));
    case 'file_downloadable':
      return fc.record({ document, label: text });
    case 'links':
      return fc.record({
        links: fc.array(
          fc.record({ label: text, url: fc.constantFrom('https://exemple.fr/', 'javascript:alert(1)') }),
          { maxLength: 3 },
        ),
      });
    case 'url_iframe':
      return fc.record({ url: fc.constant('https://exemple.fr/embarque'), height: fc.integer({ min: -5, max: 5000 }) });
    case 'from_typeform':
      return fc.record({ formId: fc.constantFrom('AbC123', '', '../x') });
    case 'notes':
      return fc.record({ text });
    case 'interactive_text':
    case 'interactive_long_text':
      return fc.record({ question: text, placeholder: text, maxLength: fc.integer({ min: -1, max: 200_000 }) });
    case 'interactive_select':
    case 'interactive_select_multi':
      return fc.record({ question: text, options });
    case 'interactive_upload':
      return fc.record({
        question: text,
        accept: fc.subarray(['application/pdf', 'image/png', 'text/html']),
        maxSizeMb: fc.integer({ min: 0, max: 10_000 }),
      });
  }
};

/** Keys no declaration has, and some that look like read-only or JSON-LD ones. */
const unknownKeys = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'id',
      '@id',
      '@type',
      '@context',
      'createdAt',
      'updatedAt',
      'search',
      'owner',
      'author',
      'session_version',
    ),
    fc.string({ unit, maxLength: 10 }),
  ),
  junk,
  { maxKeys: 3 },
);

/** Bodies for a create or an update of the declared resource. */
export function resourceBody(declaration: ResourceDeclaration): fc.Arbitrary<unknown> {
  const writable = Object.entries(declaration.fields).filter(([, field]) => validValue('', field.type) !== undefined);
  const fields = Object.fromEntries(writable.map(([name, field]) => [name, fieldValue(name, field)]));
  const validFields = Object.fromEntries(
    writable.map(([name, field]) => [name, validValue(name, field.type) as fc.Arbitrary<unknown>]),
  );
  const required = writable.filter(([, field]) => field.required).map(([name]) => name);
  let valid: fc.Arbitrary<Record<string, unknown>> = fc.record(validFields, { requiredKeys: required });
  if (declaration.name === 'chapter-parts')
    valid = fc
      .tuple(valid, fc.constantFrom(...CHAPTER_PART_TYPES))
      .chain(([body, type]) => partContent(type).map((content) => ({ ...body, type, content })));
  const mixed = fc
    .tuple(fc.record(fields, { requiredKeys: [] }), unknownKeys)
    .map(([body, extra]) => ({ ...extra, ...body }));
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 1, arbitrary: fc.tuple(valid, unknownKeys).map(([body, extra]) => ({ ...extra, ...body })) },
    { weight: 5, arbitrary: mixed },
    { weight: 1, arbitrary: junk },
  );
}

/** Bodies for a call whose keys are known (actions, auth): the keys with typed values, or junk. */
export function keyedBody(
  keys: Record<string, fc.Arbitrary<unknown>>,
  required: readonly string[] = Object.keys(keys),
): fc.Arbitrary<unknown> {
  const mixed = Object.fromEntries(
    Object.entries(keys).map(([name, arbitrary]) => [
      name,
      fc.oneof({ weight: 5, arbitrary }, { weight: 1, arbitrary: scalarJunk }, { weight: 1, arbitrary: junk }),
    ]),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.record(keys, { requiredKeys: [...required] }) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.record(mixed, { requiredKeys: [] }), unknownKeys)
        .map(([body, extra]) => ({ ...extra, ...body })),
    },
    { weight: 1, arbitrary: junk },
  );
}

export const arbitraries = { anyString, anyNumber, ref, referenceList, junk, fieldValue, partContent };
