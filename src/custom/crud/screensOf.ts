import type { FieldContract, ResourceContract } from '../../domain/contracts/types';
import { ALL_OPERATIONS, RECORD_DATES, isWritable, targetOf } from '../../domain/contracts/types';
import type { FieldKind, FieldSpec, PhoneLineDeclaration, ScreensConfig } from './fieldSpec';

/**
 * What a resource's screens say about one of its fields: presentation only. The type, constraints, enum
 * values, relation target, whether it can be ordered on and written come from the resource's contract.
 */
export interface ScreenField<Source extends string = string> {
  source: Source;
  /** The group of its values' labels in the translations (`choices.<group>.<value>`); the field's name by default. */
  choiceGroup?: string;
  /** A column of the list. */
  column?: boolean;
  /** A filter of the list (`alwaysOn` shows it without asking): the contract must filter on the field. */
  filter?: boolean | 'alwaysOn';
  /** An input on create only (a password). */
  createOnly?: boolean;
  render?: FieldSpec['render'];
  editor?: FieldSpec['editor'];
}

type Offered = 'create' | 'edit' | 'delete';

/** A resource's screens as declared in its folder: which fields where and how, beside its contract. */
export interface ScreensDeclaration<Source extends string = string> extends Omit<
  ScreensConfig,
  'resource' | 'fields' | 'search' | 'phoneLine' | Offered
> {
  fields: readonly ScreenField<Source>[];
  phoneLine?: PhoneLineDeclaration<Source>;
}

/** Fields every record has, read-only, beside the contract's. */
type RecordDate = (typeof RECORD_DATES)[number];
export type SourceOf<C extends ResourceContract> = (keyof C['fields'] & string) | RecordDate;

const DATE_FIELD: FieldContract = { kind: 'datetime', readOnly: true };

/** How the screens show a field of the contract's kind. */
function kindOf(field: FieldContract): FieldKind {
  switch (field.kind) {
    case 'string':
      // A time zone is typed as text; the server says whether it knows the name.
      return field.format === 'timeZone' ? 'text' : (field.format ?? 'text');
    case 'text':
      return 'longText';
    case 'integer':
      return 'number';
    case 'datetime':
      return 'date';
    case 'stringList':
      return 'list';
    case 'relation':
      return field.embedded ? 'summary' : 'reference';
    case 'relations':
    case 'children':
      return 'references';
    case 'polymorphic':
      return 'summary';
    case 'embedded':
      return field.shape === 'object' ? 'summary' : 'json';
    default:
      return field.kind;
  }
}

const choiceGroupOf = (field: FieldContract) =>
  field.kind === 'enum' || field.kind === 'stringList' ? field.choiceGroup : undefined;

function choicesOf(field: FieldContract): readonly (string | number)[] | undefined {
  if (field.kind === 'enum') return field.values;
  return field.kind === 'stringList' ? field.values : undefined;
}

/** The field's `FieldSpec` for its screens: its presentation with what the contract says about it. */
export function fieldSpecOf(contract: ResourceContract, screen: ScreenField): FieldSpec {
  const field =
    contract.fields[screen.source] ??
    ((RECORD_DATES as readonly string[]).includes(screen.source) ? DATE_FIELD : undefined);
  if (!field) throw new Error(`The screens of ${contract.name} name "${screen.source}", which its contract does not.`);
  if (screen.filter && !contract.filters.includes(screen.source))
    throw new Error(`The screens of ${contract.name} filter on "${screen.source}", which its contract does not.`);
  const choices = choicesOf(field);
  const kind = kindOf(field);
  return {
    source: screen.source,
    kind,
    reference: targetOf(field) ?? (field.kind === 'embedded' ? field.target : undefined),
    choices,
    choiceGroup: choices ? (screen.choiceGroup ?? choiceGroupOf(field) ?? screen.source) : undefined,
    required: field.required,
    maxLength: field.kind === 'string' || field.kind === 'text' ? field.maxLength : undefined,
    min: field.kind === 'integer' ? field.min : undefined,
    max: field.kind === 'integer' ? field.max : undefined,
    column: screen.column,
    sortable: contract.order.includes(screen.source),
    filter: screen.filter,
    // A summary (a name the server embeds) is shown, never an input: the generic form has none for it.
    readOnly: !isWritable(field) || kind === 'summary',
    createOnly: screen.createOnly,
    render: screen.render,
    editor: screen.editor,
  };
}

/**
 * A resource's standard screens: the fields its folder lays out, read with its contract. The search box and
 * the create, edit and delete screens follow the operations the contract offers.
 */
export function screensOf<C extends ResourceContract>(
  contract: C,
  declaration: ScreensDeclaration<SourceOf<C>>,
): ScreensConfig {
  const { fields, ...presentation } = declaration;
  const { phoneLine } = declaration;
  for (const source of [...(phoneLine?.facts ?? []), ...(phoneLine?.status ?? [])])
    if (!fields.some((screen) => screen.source === source))
      throw new Error(`The phone line of ${contract.name} shows "${source}", which its screens do not lay out.`);
  const operations = contract.operations ?? ALL_OPERATIONS;
  const offers = (screen: Offered) => operations.includes(screen === 'edit' ? 'update' : screen);
  return {
    ...presentation,
    resource: contract.name,
    fields: fields.map((screen) => fieldSpecOf(contract, screen)),
    search: contract.search === true,
    create: offers('create'),
    edit: offers('edit'),
    delete: offers('delete'),
  };
}
