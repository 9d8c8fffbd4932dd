/**
 * `node --import tsx bench/api-list/serialisers.ts`: what writing one filter-choices answer (500 users, the
 * bench's hand-written list) costs in the serialiser alone, with the open schema the route had, the closed one
 * it has (server/routes/platform.ts), and `JSON.stringify`. The HTTP figures of `npm run bench` carry its SQL
 * too; this is the part a response schema changes.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import { filterChoices } from '../../server/routes/platform.ts';

type JsonSchema = Parameters<typeof fastJsonStringify>[0];

/** The route's schema before the answers were closed: open objects, the choices' id and name untyped. */
const openChoices = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      field: { type: 'string' },
      label: { type: 'string' },
      choices: {
        type: 'array',
        items: { type: 'object', properties: { id: {}, name: {} }, additionalProperties: true },
      },
    },
    required: ['field', 'choices'],
    additionalProperties: true,
  },
};

const answer = ['company', 'user'].map((field) => ({
  field,
  label: field,
  choices: Array.from({ length: 500 }, (_, index) => ({
    id: `/api/${field === 'user' ? 'users' : 'companies'}/${index + 1}`,
    name: `${field}.${index + 1}@example.fr`,
  })),
}));

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000);
function microsecondsPerAnswer(write: (data: unknown) => string): number {
  for (let i = 0; i < ROUNDS / 3; i++) write(answer);
  const started = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) write(answer);
  return Number(process.hrtime.bigint() - started) / 1000 / ROUNDS;
}

const writers = {
  'JSON.stringify': JSON.stringify,
  'schéma ouvert (avant)': fastJsonStringify(openChoices as JsonSchema),
  'schéma fermé (après)': fastJsonStringify(filterChoices as unknown as JsonSchema),
};
const expected = JSON.stringify(answer);
console.log(`Une réponse de choix de filtre : 2 filtres × 500 choix, ${expected.length} octets, ${ROUNDS} écritures`);
for (const [label, write] of Object.entries(writers)) {
  if (!isDeepStrictEqual(JSON.parse(write(answer)), answer)) throw new Error(`${label} n’écrit pas la réponse.`);
  console.log(`  ${label.padEnd(22)} ${microsecondsPerAnswer(write).toFixed(0).padStart(6)} µs par réponse`);
}
