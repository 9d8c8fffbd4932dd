import { isValidElement } from 'react';
import { RECORD_DATES } from '../../domain/contracts/types';
import type { FieldSpec, PhoneLineDeclaration } from './fieldSpec';

/**
 * What a list shows of each record on a phone, where a table's columns would not fit: one line with the
 * record's title (its resource's `recordRepresentation`), a few key facts, each under its label, and its
 * status. Derived from the list's columns, so that a resource has a phone line without a word; its
 * screens declare `phoneLine` only where the derived one reads poorly.
 */
export interface PhoneLine {
  /** Shown under their labels, in this order, after the title. */
  facts: readonly FieldSpec[];
  /** Shown as they are (a chip, a badge), beside the title. */
  status: readonly FieldSpec[];
}

/** Facts a derived line shows at most: what fits on two short lines at 390 px. */
export const PHONE_LINE_FACTS = 3;

/** The field a derived line reads as the record's status, when it is a column. */
const STATUS_SOURCE = 'status';

// Values that do not read on a line: long texts, raw JSON, and the record's own dates.
const NOT_A_FACT: ReadonlySet<FieldSpec['kind']> = new Set(['longText', 'json', 'password']);

/**
 * The fields a record's title already shows, read from its `recordRepresentation`: a field name; a
 * function, called on a record that notes which fields it reads; an element naming its fields in its
 * props (`pairTitle`'s `first` and `second`). Nothing when none of these tells.
 */
export function titleSources(representation: unknown): string[] {
  if (typeof representation === 'string') return [representation];
  if (typeof representation === 'function') {
    const read = new Set<string>();
    const record = new Proxy(
      {},
      {
        get: (_target, key) => {
          if (typeof key === 'string') read.add(key);
          return undefined;
        },
      },
    );
    try {
      (representation as (record: unknown) => unknown)(record);
    } catch {
      // A representation that needs a real value past its first read: the fields read so far are still its.
    }
    read.delete('id');
    return [...read];
  }
  if (isValidElement(representation)) {
    const props = representation.props as Record<string, unknown>;
    return Object.values(props).flatMap((value) =>
      value && typeof value === 'object' && typeof (value as { source?: unknown }).source === 'string'
        ? [(value as { source: string }).source]
        : [],
    );
  }
  return [];
}

/**
 * A list's phone line: the declared facts and status where its screens name them (among its fields,
 * columns or not), else its status column and its first other columns that are neither in the title nor
 * the record's dates.
 */
export function phoneLineOf(
  fields: readonly FieldSpec[],
  columns: readonly FieldSpec[],
  representation: unknown,
  declared: PhoneLineDeclaration = {},
): PhoneLine {
  const named = (sources: readonly string[]) =>
    sources.flatMap((source) => fields.filter((spec) => spec.source === source));
  const status = declared.status ? named(declared.status) : columns.filter((spec) => spec.source === STATUS_SOURCE);
  if (declared.facts) return { facts: named(declared.facts), status };
  const shown = new Set([...titleSources(representation), ...status.map((spec) => spec.source)]);
  const facts = columns
    .filter(
      (spec) =>
        !shown.has(spec.source) &&
        !NOT_A_FACT.has(spec.kind) &&
        !(RECORD_DATES as readonly string[]).includes(spec.source),
    )
    .slice(0, PHONE_LINE_FACTS);
  return { facts, status };
}
