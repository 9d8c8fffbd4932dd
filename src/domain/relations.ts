import { CONTRACTS } from './contracts/index';
import { targetOf } from './contracts/types';

/**
 * The relation fields of each resource and the resource each points at, read from the contracts
 * (src/domain/contracts). The back-office reads relations as ids and writes them back as IRIs, which every
 * API Platform service accepts (a bare id is an extension of the reference server). To-one and to-many
 * alike; embedded summaries (a ticket's `parent`, a user's `company`, the author or owner of a comment,
 * document, ticket or note, a connection's user) are not relations here.
 */
export const RELATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.fromEntries(
  CONTRACTS.map((contract) => [
    contract.name,
    Object.fromEntries(
      Object.entries(contract.fields).flatMap(([name, field]) => {
        const target = field.kind === 'relation' && field.embedded ? undefined : targetOf(field);
        return target ? [[name, target]] : [];
      }),
    ),
  ]).filter(([, fields]) => Object.keys(fields as object).length > 0),
);

/** The resource a relation field of `resource` points at, or undefined when the field is not a relation. */
export function relationTarget(resource: string, field: string): string | undefined {
  return Object.hasOwn(RELATIONS, resource) && Object.hasOwn(RELATIONS[resource], field)
    ? RELATIONS[resource][field]
    : undefined;
}

export const iriOf = (resource: string, id: number | string): string => `/api/${resource}/${id}`;

const IRI = /^\/api\/[a-z-]+\/(\d+)$/;

/** The id an IRI names (`/api/modules/3` -> 3), or undefined when the value is not an IRI. */
export function idOfIri(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = IRI.exec(value);
  return match ? Number(match[1]) : undefined;
}
