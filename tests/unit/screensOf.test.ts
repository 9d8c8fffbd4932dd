import type { ReactElement } from 'react';
import { AutocompleteInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { fieldInput } from '../../src/custom/crud/fieldInput';
import { screensOf, type ScreensDeclaration } from '../../src/custom/crud/screensOf';
import { courses as coursesContract } from '../../src/domain/contracts';
import { defineContract, type ResourceContract } from '../../src/domain/contracts/types';

/**
 * A screen's inputs take their rules from the resource's contract: change the contract and the same
 * screen declaration gives other inputs.
 */

// Widened: the variants below change the contract's fields and flags.
const courses: ResourceContract = coursesContract;

const declaration: ScreensDeclaration = {
  fields: [
    { source: 'title', column: true },
    { source: 'status', choiceGroup: 'courseStatus', filter: 'alwaysOn' },
    { source: 'language' },
    { source: 'publishedAt' },
    { source: 'updatedAt' },
  ],
};

type Props = Record<string, unknown> & { validate?: unknown[]; children?: ReactElement<Props> };
const inputOf = (contract: ResourceContract, source: string) => {
  const spec = screensOf(contract, declaration).fields.find((field) => field.source === source)!;
  return fieldInput(spec) as ReactElement<Props>;
};

/** A copy of the courses' contract with one field replaced. */
const withField = (source: string, field: ResourceContract['fields'][string]): ResourceContract =>
  defineContract({ ...courses, fields: { ...courses.fields, [source]: field } });

describe('screensOf', () => {
  it("gives an input the contract's required, maxLength and choices", () => {
    const title = screensOf(courses, declaration).fields[0];
    expect(title).toMatchObject({
      kind: 'text',
      required: true,
      maxLength: 255,
      sortable: true,
      readOnly: false,
      column: true,
    });
    const status = inputOf(courses, 'status');
    expect(status.type).toBe(SelectInput);
    expect(status.props.choices).toEqual([
      { id: 'draft', name: 'choices.courseStatus.draft' },
      { id: 'published', name: 'choices.courseStatus.published' },
    ]);
    expect(inputOf(courses, 'title').props.validate).toHaveLength(2);
  });

  it('follows a change of the contract', () => {
    const looser = withField('title', { kind: 'string', maxLength: 80 });
    expect(screensOf(looser, declaration).fields[0]).toMatchObject({ required: undefined, maxLength: 80 });
    expect(inputOf(looser, 'title').props.validate).toHaveLength(1);

    const archived = withField('status', { kind: 'enum', values: ['draft', 'published', 'archived'], required: true });
    const status = inputOf(archived, 'status');
    expect((status.props.choices as { id: string }[]).map((choice) => choice.id)).toEqual([
      'draft',
      'published',
      'archived',
    ]);
    // A required choice offers no empty entry.
    expect(status.props.emptyText).toBeUndefined();
    expect(inputOf(courses, 'status').props.emptyText).toBe('ra.action.clear_input_value');

    const relation = inputOf(withField('language', { kind: 'relation', target: 'countries' }), 'language');
    expect(relation.type).toBe(ReferenceInput);
    expect(relation.props.reference).toBe('countries');
    expect(relation.props.children?.type).toBe(AutocompleteInput);

    const text = inputOf(withField('status', { kind: 'text' }), 'status');
    expect([text.type, text.props.multiline]).toEqual([TextInput, true]);
  });

  it('makes read-only what the contract does, dates included, and orders where the contract does', () => {
    const { fields } = screensOf(courses, declaration);
    expect(fields.map((field) => [field.source, field.readOnly, field.sortable])).toEqual([
      ['title', false, true],
      ['status', false, true],
      ['language', false, false],
      ['publishedAt', true, true],
      ['updatedAt', true, true],
    ]);
    const unordered = defineContract({ ...courses, order: [] });
    expect(screensOf(unordered, declaration).fields.some((field) => field.sortable)).toBe(false);
  });

  it('offers search, create, edit and delete as the contract does', () => {
    expect(screensOf(courses, declaration)).toMatchObject({
      resource: 'courses',
      search: true,
      create: true,
      edit: true,
      delete: true,
    });
    const readOnly = defineContract({ ...courses, search: false, operations: ['list', 'get'] });
    expect(screensOf(readOnly, declaration)).toMatchObject({
      search: false,
      create: false,
      edit: false,
      delete: false,
    });
  });

  it('refuses a field or a filter the contract lacks', () => {
    expect(() => screensOf(courses, { fields: [{ source: 'subtitle' }] })).toThrow(/name "subtitle"/);
    // @ts-expect-error: with its own contract's type, a screen that names another field does not compile.
    expect(() => screensOf(coursesContract, { fields: [{ source: 'subtitle' }] })).toThrow();
    expect(() => screensOf(courses, { fields: [{ source: 'title', filter: true }] })).toThrow(/filter on "title"/);
  });
});
