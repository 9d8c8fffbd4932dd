import { TEXT_ORDER_COLLATION } from '../../src/domain/textOrder.ts';

/** Collects positional parameters while a statement is assembled, so values never enter SQL text. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

/** Quotes an identifier that comes from a declaration (never from a request). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Quotes a string literal that comes from a declaration (never from a request). */
export const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A text expression as a French reader sorts it: in the collation its order indexes are built in. */
export const frenchOrder = (expression: string) => `${expression} COLLATE ${ident(TEXT_ORDER_COLLATION)}`;
