import { randomBytes } from 'node:crypto';
import { declarationsByName } from '../../../server/resources/definitions/index.ts';
import type { FieldDeclaration, ResourceDeclaration } from '../../../server/resources/types.ts';
import type { ChapterPartType } from '../../../src/domain/chapterParts.ts';
import { LIVE_STATUS } from '../../../src/domain/courseVersions.ts';
import { DEFAULT_TIME_ZONE } from '../../../src/domain/releases.ts';
import { columnOf, ident, isStored, oneOfGroups, tableColumns } from './schema.ts';
import type { TestApp } from './testApp.ts';

/**
 * Valid rows of any declared resource, built from the declaration's field types alone: request bodies
 * for creates, or SQL inserts for resources the API does not create generically. References point at
 * seeded rows, or at fresh rows made for the occasion where a unique pair or a CHECK needs them distinct.
 */

const RUN = randomBytes(3).toString('hex');
let counter = 0;
const next = () => ++counter;

export const operationsOf = (declaration: ResourceDeclaration) =>
  declaration.operations ?? (['list', 'get', 'create', 'update', 'delete'] as const);
export const supports = (
  declaration: ResourceDeclaration,
  operation: 'list' | 'get' | 'create' | 'update' | 'delete',
) => (operationsOf(declaration) as readonly string[]).includes(operation);

export const iri = (resource: string, id: number | string) => `/api/${resource}/${id}`;

export function declarationOf(name: string): ResourceDeclaration {
  const declaration = declarationsByName.get(name);
  if (!declaration) throw new Error(`No declaration for ${name}.`);
  return declaration;
}

/** A string no other call answers, within `maxLength`. */
export function uniqueString(label: string, maxLength = 255): string {
  const n = next();
  const full = `${label} ${RUN}-${n}`;
  if (full.length <= maxLength) return full;
  return `${RUN}${n.toString(36)}`.slice(-maxLength);
}

/** A valid value of a scalar field; `variant` spreads enum, boolean and integer values over the rows. */
export function sampleScalar(name: string, field: FieldDeclaration, variant: number, fieldIndex = 0): unknown {
  const type = field.type;
  switch (type.kind) {
    case 'string':
      if (type.format === 'email') return `sample.${RUN}.${next()}@exemple.fr`;
      if (type.format === 'color') return `#${randomBytes(3).toString('hex')}`;
      if (type.format === 'url') return `https://exemple.fr/${RUN}/${next()}`;
      if (type.format === 'timeZone') return DEFAULT_TIME_ZONE;
      return uniqueString(`${name[0].toUpperCase()}${name.slice(1)} de test`, type.maxLength);
    case 'text':
      return `Texte de test ${name} ${RUN}-${next()}`;
    case 'integer': {
      const min = type.min ?? 0;
      const span = Math.max(1, Math.min((type.max ?? min + 49) - min + 1, 50));
      return min + (variant % span);
    }
    case 'boolean':
      return variant % 2 === 0;
    case 'datetime':
      // Later fields get later dates: a start field declared before its end stays before it.
      return new Date(Date.UTC(2025, 0, 1 + (variant % 28) + fieldIndex * 40, 9, 30, 15, 123)).toISOString();
    case 'enum':
      return type.values[variant % type.values.length];
    case 'json':
      return { sample: variant, label: `Contenu ${RUN}` };
    case 'stringList':
      return type.values ? [type.values[variant % type.values.length]] : [`valeur-${variant}`];
    default:
      throw new Error(`${name}: ${type.kind} is not a scalar.`);
  }
}

async function existingIds(t: TestApp, resource: string, limit = 20): Promise<number[]> {
  const rows = await t.db.query<{ id: number }>(
    `SELECT id FROM ${ident(declarationOf(resource).table)} ORDER BY id LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

export interface SampleOptions {
  variant?: number;
  /** How relations are written: IRIs (default) or bare ids. */
  references?: 'iri' | 'id';
  /** Values that replace the generated ones. */
  overrides?: Record<string, unknown>;
}

/** A row of `resource` made through the API by the super admin; answers the created item. */
export async function createSample(
  t: TestApp,
  resource: string,
  options: SampleOptions = {},
): Promise<Record<string, unknown> & { id: number }> {
  const body = await sampleBody(declarationOf(resource), t, options);
  const response = await t.request('POST', `/api/${resource}`, { as: 'superadmin', body });
  if (response.status !== 201)
    throw new Error(
      `Could not create a sample ${resource} (${response.status}): ${response.body}\nbody: ${JSON.stringify(body)}`,
    );
  return response.json;
}

/** A fresh row of `resource`: created through the API when it can be, inserted by SQL otherwise. */
export async function freshRow(t: TestApp, resource: string, variant = next()): Promise<number> {
  const declaration = declarationOf(resource);
  if (!supports(declaration, 'create')) return insertSample(t, declaration, variant);
  const { id } = await createSample(t, resource, { variant });
  // A part made for a learner's answer is one learners have: in a published course, its live version
  // takes it (a new part is the draft's until then).
  if (resource === 'chapter-parts')
    await t.db.query(
      `SELECT publish_course_live(m.course_id) FROM chapter_parts p JOIN chapters c ON c.id = p.chapter_id
         JOIN modules m ON m.id = c.module_id JOIN courses k ON k.id = m.course_id
        WHERE p.id = $1 AND k.status = $2`,
      [id, LIVE_STATUS],
    );
  return id;
}

class ReferencePicker {
  private readonly used = new Map<string, Set<number>>();

  constructor(
    private readonly t: TestApp,
    private readonly variant: number,
  ) {}

  private mark(resource: string, id: number): number {
    const used = this.used.get(resource) ?? new Set<number>();
    used.add(id);
    this.used.set(resource, used);
    return id;
  }

  /** A row made for this body alone (unique pairs, "supervisor differs from learner"). */
  async fresh(resource: string): Promise<number> {
    return this.mark(resource, await freshRow(this.t, resource));
  }

  /** An existing row, a different one for each field of the body pointing at the same resource. */
  async existing(resource: string, offset = 0): Promise<number | undefined> {
    const used = this.used.get(resource) ?? new Set<number>();
    const ids = (await existingIds(this.t, resource)).filter((id) => !used.has(id));
    if (ids.length === 0) {
      if (!supports(declarationOf(resource), 'create')) return undefined;
      return this.fresh(resource);
    }
    return this.mark(resource, ids[(this.variant + offset) % ids.length]);
  }

  async some(resource: string, count: number): Promise<number[]> {
    const ids = await existingIds(this.t, resource);
    if (ids.length === 0) return [];
    return [
      ...new Set(Array.from({ length: Math.min(count, ids.length) }, (_, k) => ids[(this.variant + k) % ids.length])),
    ];
  }
}

/** Fields left out so that a CHECK "exactly/at most one of these columns" holds: one of each group is kept. */
async function excludedByOneOf(t: TestApp, declaration: ResourceDeclaration, variant: number): Promise<Set<string>> {
  const excluded = new Set<string>();
  for (const group of await oneOfGroups(t.db, declaration.table)) {
    const fields = group.columns
      .map(
        (column) =>
          Object.entries(declaration.fields).find(
            ([name, field]) => isStored(field) && columnOf(name, field) === column,
          )?.[0],
      )
      .filter((name): name is string => Boolean(name));
    const keep = fields[variant % fields.length];
    for (const name of fields) if (name !== keep) excluded.add(name);
  }
  return excluded;
}

/** A valid create body for the declaration, every writable field set (generic: no per-resource code). */
export async function sampleBody(
  declaration: ResourceDeclaration,
  t: TestApp,
  options: SampleOptions = {},
): Promise<Record<string, unknown>> {
  const variant = options.variant ?? next();
  const reference = (resource: string, id: number) => (options.references === 'id' ? id : iri(resource, id));
  const picker = new ReferencePicker(t, variant);
  const excluded = await excludedByOneOf(t, declaration, variant);
  const body: Record<string, unknown> = {};
  let index = 0;
  for (const [name, field] of Object.entries(declaration.fields)) {
    index++;
    if (field.readOnly || excluded.has(name)) continue;
    // Where a row goes among its siblings is the server's to decide: a create without one appends.
    if (declaration.siblingsOf && name === 'position') continue;
    const type = field.type;
    switch (type.kind) {
      case 'computed':
      case 'children':
      case 'password':
        break;
      case 'relation': {
        const id = field.required ? await picker.fresh(type.resource) : await picker.existing(type.resource, index);
        if (id !== undefined) body[name] = reference(type.resource, id);
        break;
      }
      case 'relations':
        body[name] = (await picker.some(type.resource, 2)).map((id) => reference(type.resource, id));
        break;
      case 'polymorphic': {
        const targets = Object.keys(type.targets);
        for (let k = 0; k < targets.length; k++) {
          const resource = targets[(variant + k) % targets.length];
          const id = await picker.existing(resource, index);
          if (id !== undefined) {
            body[name] = iri(resource, id);
            break;
          }
        }
        break;
      }
      default:
        body[name] = sampleScalar(name, field, variant, index);
    }
  }
  if (declaration.name === 'chapter-parts') {
    const content = await samplePartContent(body.type as ChapterPartType, picker);
    // A part names a document of its own structure, or of the catalogue for the catalogue's parts.
    if (typeof content.document === 'string' && body.chapter !== undefined) {
      const [own] = await t.db.query<{ id: number }>(
        `SELECT d.id FROM documents d
          WHERE d.company_id IS NOT DISTINCT FROM (SELECT c.company_id FROM chapters c WHERE c.id = $1)
          ORDER BY d.id LIMIT 1`,
        [Number(String(body.chapter).split('/').pop())],
      );
      if (own) content.document = iri('documents', own.id);
    }
    body.content = content;
  }
  // Rules the field types do not say: a shortcut is one word; an assignee handles the ticket's structure's
  // tickets (a macro's too); a chapter unlocks chapters of its own structure, or of the catalogue for the
  // catalogue's.
  if (declaration.name === 'canned-replies') body.shortcut = `exemple-${RUN}-${next()}`;
  if (declaration.name === 'chapters' && Array.isArray(body.unlocks) && body.module !== undefined) {
    const unlockable = await t.db.query<{ id: number }>(
      `SELECT c.id FROM chapters c JOIN modules m ON m.id = c.module_id JOIN courses k ON k.id = m.course_id
        WHERE k.company_id IS NOT DISTINCT FROM (SELECT k2.company_id FROM modules m2
                                                   JOIN courses k2 ON k2.id = m2.course_id WHERE m2.id = $1)
        ORDER BY c.id LIMIT 2`,
      [Number(String(body.module).split('/').pop())],
    );
    body.unlocks = unlockable.map((row) => reference('chapters', row.id));
  }
  if ((declaration.name === 'tickets' || declaration.name === 'canned-replies') && body.assignee !== undefined) {
    // The ticket's structure, named by an IRI or (relations as bare ids) by its id.
    const named = body.company;
    const structure =
      typeof named === 'string' || typeof named === 'number'
        ? Number(String(named).split('/').pop())
        : t.users.admin.company;
    const staff = await t.db.query<{ id: number }>(
      `SELECT id FROM users WHERE enabled AND (roles && ARRAY['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'])
          AND (company_id = $1 OR 'ROLE_SUPER_ADMIN' = ANY(roles)) ORDER BY id`,
      [structure],
    );
    body.assignee = reference('users', staff[variant % staff.length].id);
  }
  return { ...body, ...options.overrides };
}

/** A chapter part's content that fits its type (API.md, content by type), for any of the 14 types. */
async function samplePartContent(type: ChapterPartType, picker: ReferencePicker): Promise<Record<string, unknown>> {
  const document = async () => iri('documents', (await picker.existing('documents', 1)) as number);
  const options = (correct: boolean[]) =>
    correct.map((isCorrect, index) => ({ label: `Réponse ${index + 1}`, correct: isCorrect }));
  switch (type) {
    case 'text_markdown':
      return { markdown: `# Titre ${RUN}\n\nUn paragraphe.` };
    case 'image':
      return { document: await document(), alt: 'Une illustration' };
    case 'video_youtube':
      return { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
    case 'video':
      return { url: 'https://exemple.fr/video.mp4' };
    case 'file_downloadable':
      return { document: await document(), label: 'Le support' };
    case 'links':
      return { links: [{ label: 'Le site', url: 'https://exemple.fr/' }] };
    case 'url_iframe':
      return { url: 'https://exemple.fr/embarque', height: 480 };
    case 'from_typeform':
      return { formId: 'AbC123' };
    case 'notes':
      return { text: 'Une note pour le formateur.' };
    case 'interactive_text':
    case 'interactive_long_text':
      return { question: 'Votre avis ?', placeholder: 'Écrivez ici', maxLength: 500 };
    case 'interactive_select':
      return { question: 'Laquelle ?', options: options([false, true, false]) };
    case 'interactive_select_multi':
      return { question: 'Lesquelles ?', options: options([true, true, false]) };
    case 'interactive_upload':
      return { question: 'Déposez votre fichier.', accept: ['application/pdf'], maxSizeMb: 5 };
  }
}

const AUTHORS = ['superadmin', 'admin', 'contributor'] as const;

/**
 * An entry of the audit log, which only the database writes: a write of one of the personas (a tag made,
 * or made then renamed, in one of the structures), whose entry it answers.
 */
async function sampleEntry(t: TestApp, variant: number): Promise<number> {
  const author = AUTHORS[variant % AUTHORS.length];
  const structures = await t.db.query<{ id: number }>('SELECT id FROM companies ORDER BY id LIMIT 2');
  const structure = author === 'superadmin' ? structures[variant % structures.length].id : t.users.admin.company;
  const headers: Record<string, string> = author === 'superadmin' ? { 'x-structure': String(structure) } : {};
  const as = { as: author, headers };
  const created = await t.request('POST', '/api/tags', { ...as, body: { name: uniqueString('Étiquette du journal') } });
  if (created.status !== 201) throw new Error(`Could not write a sample entry (${created.status}): ${created.body}`);
  if (Math.floor(variant / AUTHORS.length) % 2 === 1) {
    const renamed = await t.request('PUT', `/api/tags/${created.json.id}`, {
      ...as,
      body: { name: uniqueString('Étiquette renommée') },
    });
    if (renamed.status !== 200) throw new Error(`Could not write a sample entry (${renamed.status}): ${renamed.body}`);
  }
  const [entry] = await t.db.query<{ id: number }>(
    `SELECT id FROM audit_log WHERE resource = 'tags' AND record_id = $1 ORDER BY id DESC LIMIT 1`,
    [created.json.id],
  );
  return entry.id;
}

/** Inserts a valid row by SQL (every stored column, read-only ones included); answers its id. */
export async function insertSample(t: TestApp, declaration: ResourceDeclaration, variant = next()): Promise<number> {
  if (declaration.name === 'audit-log') return sampleEntry(t, variant);
  const columns = await tableColumns(t.db, declaration.table);
  const picker = new ReferencePicker(t, variant);
  const excluded = await excludedByOneOf(t, declaration, variant);
  const names: string[] = [];
  const values: unknown[] = [];
  let index = 0;
  // Two fields may read one column (an error report's `companyId` and its structure, `company`): the
  // relation's value is the one that holds.
  const fields = Object.entries(declaration.fields).sort(
    ([, a], [, b]) => Number(b.type.kind === 'relation') - Number(a.type.kind === 'relation'),
  );
  for (const [name, field] of fields) {
    index++;
    if (!isStored(field) || field.type.kind === 'password' || excluded.has(name)) continue;
    const column = columns.get(columnOf(name, field));
    if (!column || column.generated || names.includes(column.name)) continue;
    let value: unknown;
    if (field.type.kind === 'relation') value = (await picker.existing(field.type.resource, index)) ?? null;
    else value = sampleScalar(name, field, variant, index);
    // A sample import is a version as an upload leaves it: processed, its own tree (no root folder here),
    // so its delete goes through; the active tree and a version filed into it are the activate action's.
    if (declaration.name === 'imports' && name === 'status' && value === 'active') value = 'processed';
    if (declaration.name === 'imports' && name === 'rootFolder') value = null;
    if (value === null && !column.nullable) continue;
    if (column.udt === 'jsonb' || column.udt === 'json') value = JSON.stringify(value);
    names.push(column.name);
    values.push(value);
  }
  const casts = names.map((name, k) => `$${k + 1}::${columns.get(name)?.udt}`);
  const [row] = await t.db.query<{ id: number }>(
    names.length
      ? `INSERT INTO ${ident(declaration.table)} (${names.map(ident).join(', ')}) VALUES (${casts.join(', ')}) RETURNING id`
      : `INSERT INTO ${ident(declaration.table)} DEFAULT VALUES RETURNING id`,
    values,
  );
  return row.id;
}

/** Tops a resource's table up to `minimum` rows (through the API when it creates them), so every list test has pages to walk. */
export async function ensureRows(t: TestApp, declaration: ResourceDeclaration, minimum: number): Promise<void> {
  const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(declaration.table)}`);
  for (let k = n; k < minimum; k++) {
    if (supports(declaration, 'create')) await createSample(t, declaration.name, { variant: k });
    else await insertSample(t, declaration, k);
  }
}
