import type { FieldContract } from './types';

/**
 * What is wrong with a value written to a field, field by field, worded as API Platform's validator words
 * it: the server's checks and the route schemas' refusals give the same violation (code and message).
 * Only what a value shows on its own; rows it points at and rules across fields are the server's.
 */

export interface ValueProblem {
  /** A stable key the back-office translates: blank, type, choice, email, length, range, format, reference. */
  code: string;
  message: string;
}

/** The value rules of a field: a contract's field, or the server's field type, which has the same keys. */
export type ValueRules =
  | Pick<Extract<FieldContract, { kind: 'string' }>, 'kind' | 'format' | 'maxLength'>
  | Pick<Extract<FieldContract, { kind: 'integer' }>, 'kind' | 'min' | 'max'>
  | Pick<Extract<FieldContract, { kind: 'enum' }>, 'kind' | 'values'>
  | Pick<Extract<FieldContract, { kind: 'stringList' }>, 'kind' | 'values'>
  | { kind: Exclude<FieldContract['kind'], 'string' | 'integer' | 'enum' | 'stringList'> | 'computed' };

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const COLOR = /^#[0-9a-fA-F]{6}$/;
export const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** Integer columns are int4: beyond it is a range error on the field, not the database's refusal. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

export const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

export const BLANK: ValueProblem = { code: 'blank', message: 'This value should not be blank.' };

const STRING_TYPE: ValueProblem = { code: 'type', message: 'This value should be of type string.' };

/** The problem of a non-null value, or undefined when the value fits the field. */
export function valueProblem(rules: ValueRules, value: unknown): ValueProblem | undefined {
  switch (rules.kind) {
    case 'string':
    case 'text':
    case 'password':
      if (typeof value !== 'string') return STRING_TYPE;
      // PostgreSQL text cannot hold NUL: refused on the field rather than at the database.
      if (value.includes('\u0000'))
        return {
          code: rules.kind === 'password' ? 'type' : 'format',
          message: rules.kind === 'password' ? STRING_TYPE.message : 'This value contains a NUL character.',
        };
      if (rules.kind !== 'string') return undefined;
      if (rules.maxLength && value.length > rules.maxLength)
        return {
          code: 'length',
          message: `This value is too long. It should have ${rules.maxLength} characters or less.`,
        };
      if (rules.format === 'email' && !EMAIL.test(value))
        return { code: 'email', message: 'This value is not a valid email address.' };
      if (rules.format === 'color' && !COLOR.test(value))
        return { code: 'format', message: 'This value is not a valid colour (#RRGGBB).' };
      return undefined;
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value))
        return { code: 'type', message: 'This value should be of type int.' };
      const min = rules.min ?? INT4_MIN;
      const max = rules.max ?? INT4_MAX;
      return value < min || value > max
        ? { code: 'range', message: `This value should be between ${min} and ${max}.` }
        : undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { code: 'type', message: 'This value should be of type bool.' };
    case 'datetime':
      return typeof value !== 'string' || !ISO_DATETIME.test(value) || Number.isNaN(Date.parse(value))
        ? { code: 'format', message: 'This value is not a valid datetime.' }
        : undefined;
    case 'enum':
      return rules.values.includes(value as string | number)
        ? undefined
        : { code: 'choice', message: 'The value you selected is not a valid choice.' };
    case 'stringList':
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.includes('\u0000')))
        return { code: 'type', message: 'This value should be a list of strings.' };
      return rules.values && value.some((item) => !rules.values?.includes(item))
        ? { code: 'choice', message: 'One or more of the given values is invalid.' }
        : undefined;
    case 'relations':
      return Array.isArray(value) ? undefined : { code: 'type', message: 'This value should be a list of IRIs.' };
    default:
      return undefined;
  }
}
