import { CONTRACTS } from '../../src/domain/contracts/index.ts';
import {
  ALL_OPERATIONS,
  MAX_ITEMS_PER_PAGE,
  type FieldContract,
  type ResourceContract,
} from '../../src/domain/contracts/types.ts';
import { fieldWriteRole, roleNeeded } from '../../src/domain/rights.ts';
import { filterVariables } from './hydra.ts';

/**
 * `/api/docs`: the same documentation for a person, as a plain HTML page. It runs no script (the CSP allows
 * only the app's own files), so it is built here rather than by a Swagger UI bundle.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function typeOf(field: FieldContract): string {
  switch (field.kind) {
    case 'string':
      return `string${field.format ? ` (${field.format})` : ''}${field.maxLength ? `, ≤ ${field.maxLength}` : ''}`;
    case 'integer':
      return `integer${field.min !== undefined || field.max !== undefined ? ` ${field.min ?? '…'}–${field.max ?? '…'}` : ''}`;
    case 'enum':
      return `one of ${field.values.join(', ')}`;
    case 'stringList':
      return field.values ? `list of ${field.values.join(', ')}` : 'list of strings';
    case 'relation':
      return `IRI of ${field.target}`;
    case 'relations':
      return `IRIs of ${field.target}`;
    case 'children':
      return `IRIs of ${field.target} (ordered)`;
    case 'polymorphic':
      return `IRI of ${field.targets.join(' or ')}`;
    case 'embedded':
      return field.shape === 'list' ? 'list (computed)' : 'object (computed)';
    default:
      return field.kind;
  }
}

function flags(contract: ResourceContract, name: string, field: FieldContract): string {
  const said: string[] = [];
  if (field.required) said.push('required');
  if (field.readOnly || field.kind === 'children' || field.kind === 'embedded') said.push('read-only');
  if (field.writeOnly) said.push('write-only');
  const writeRole = fieldWriteRole(contract.name, name);
  if (writeRole) said.push(`written by ${writeRole}`);
  if (field.defaultsToSessionUser) said.push('defaults to the signed-in user');
  return said.join(', ');
}

function section(contract: ResourceContract): string {
  const operations = contract.operations ?? ALL_OPERATIONS;
  const rows = Object.entries(contract.fields)
    .map(
      ([name, field]) =>
        `<tr><td><code>${escape(name)}</code></td><td>${escape(typeOf(field))}</td><td>${escape(flags(contract, name, field))}</td></tr>`,
    )
    .join('');
  const filters = [
    ...[...contract.filters, ...Object.keys(contract.ruleFilters ?? {})].flatMap((name) =>
      filterVariables(contract, name),
    ),
    ...(contract.search ? ['q'] : []),
  ];
  const routes = operations
    .map((operation) => {
      const path =
        operation === 'list' || operation === 'create'
          ? `/api/${contract.name}`
          : `/api/${operation === 'delete' ? (contract.deletePath ?? contract.name) : contract.name}/{id}`;
      const method = { list: 'GET', get: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' }[operation];
      return `<li><code>${method} ${escape(path)}</code> — ${escape(roleNeeded(contract.rights, operation))}</li>`;
    })
    .join('');
  return `<section id="${escape(contract.type)}"><h2>${escape(contract.type)} <small><code>/api/${escape(contract.name)}</code></small></h2>
<p>${escape(contract.description)}</p><ul>${routes}</ul>
<table><thead><tr><th>field</th><th>type</th><th></th></tr></thead><tbody>${rows}</tbody></table>
<p>Filters: ${filters.length ? filters.map((name) => `<code>${escape(name)}</code>`).join(' ') : 'none'}. Order: ${contract.order.map((name) => `<code>order[${escape(name)}]</code>`).join(' ')}.</p></section>`;
}

export function documentationPage(): string {
  const index = CONTRACTS.map((contract) => `<a href="#${escape(contract.type)}">${escape(contract.type)}</a>`).join(
    ' · ',
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:.2rem .4rem;text-align:left;vertical-align:top}
code{font-size:.9em}h2 small{font-weight:normal}</style></head><body><main>
<h1>API documentation</h1>
<p>Every route needs a bearer JWT (<code>POST /api/auth/token</code>) unless said otherwise. Machine-readable:
<a href="/api/docs.jsonld">Hydra (JSON-LD)</a>, <a href="/api/docs.json">OpenAPI 3.1</a>; entrypoint <a href="/api">/api</a>.
Lists answer Hydra collections (<code>Accept: application/ld+json</code>) or plain arrays (<code>application/json</code>),
paged with <code>page</code> and <code>itemsPerPage</code> (≤ ${MAX_ITEMS_PER_PAGE}, more is a 400). An invalid write answers 422 with one violation per field.</p>
<nav>${index}</nav>${CONTRACTS.map(section).join('\n')}</main></body></html>`;
}
