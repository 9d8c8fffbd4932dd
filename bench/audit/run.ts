/**
 * `npm run bench:audit`: what the audit log costs. On embedded PGlite (and on a throw-away PostgreSQL cluster
 * when one is installed), with the real app in-process (requests through `app.inject`, so the figures are the
 * server's and the database's time, no network):
 *
 * 1. the p50 of a chapter-part PUT (a title and a content of ~600 characters changed, by an author) with the
 *    log and without it (its triggers dropped from the bench's database), in five alternating rounds; target:
 *    with the log at most 20 % slower than without;
 * 2. the rows and bytes the log takes for 5,000 writes of the fuzz suite's kinds (creates, updates and
 *    deletes of parts, reorders, tags added and removed, tags renamed, ticket messages), per table and per
 *    write.
 *
 * Environment: BENCH_PUTS (1000 a phase), BENCH_WRITES (5000), BENCH_DATABASES (`pglite,postgresql`).
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { PLATFORM } from '../../server/db/scope.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed/demo.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { auditStatements } from '../../server/resources/auditTriggers.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { onEachDatabase } from '../support/databases.ts';

const PUTS = Number(process.env.BENCH_PUTS ?? 1000);
const WRITES = Number(process.env.BENCH_WRITES ?? 5000);
const ROUNDS = 5;
const TARGET = 0.2;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const paragraph = (n: number) =>
  `Version ${n}. Une partie de cours comme un auteur l’écrit : un paragraphe d’explication, une consigne, ` +
  `un exemple chiffré et une remarque sur les erreurs fréquentes. `.repeat(3);

// The log's tables are the database's own: the bench reads their size as their owner.
const FOOTPRINT_FUNCTION = `CREATE OR REPLACE FUNCTION bench_audit_footprint() RETURNS TABLE (name text, n bigint, bytes bigint)
  LANGUAGE sql SECURITY DEFINER AS $$
    SELECT 'audit_log', (SELECT count(*) FROM audit_log), pg_total_relation_size('audit_log')
    UNION ALL SELECT 'audit_changes', (SELECT count(*) FROM audit_changes), pg_total_relation_size('audit_changes')
    UNION ALL SELECT 'audit_texts', (SELECT count(*) FROM audit_texts), pg_total_relation_size('audit_texts') $$`;
const DROP_TRIGGERS = `DO $$ DECLARE t record; BEGIN
  FOR t IN SELECT g.tgname, c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
            WHERE c.relnamespace = 'public'::regnamespace AND NOT g.tgisinternal AND g.tgname LIKE 'audited\\_%' LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t.tgname, t.relname);
  END LOOP;
END $$`;

type Footprint = Map<string, { n: number; bytes: number }>;

async function footprint(db: Database): Promise<Footprint> {
  const rows = await db.query<{ name: string; n: number; bytes: number }>('SELECT * FROM bench_audit_footprint()');
  return new Map(rows.map((row) => [row.name, { n: Number(row.n), bytes: Number(row.bytes) }]));
}

async function measure(name: string, db: Database, dataDir: string) {
  await prepareDatabase(db);
  await seedDemo(db, { files: new LocalFileStorage(dataDir) });
  await db.exec(FOOTPRINT_FUNCTION);
  const config = loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn', WRITE_BUDGET: '1000000' });
  const { app } = await buildApp({ ...config, databaseUrl: undefined }, db, { serveApp: false, logger: false });
  await app.ready();
  const signIn = async (login: string) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { login, password: DEMO_PASSWORD },
    });
    return `Bearer ${answer.json().token}`;
  };
  const author = await signIn('contributeur@demo.fr');
  const admin = await signIn('admin@demo.fr');
  const superAdmin = await signIn('superadmin@demo.fr');
  const send = async (token: string, method: string, url: string, payload?: unknown) => {
    const answer = await app.inject({
      method: method as 'PUT',
      url,
      payload: payload as object,
      headers: { authorization: token, accept: 'application/ld+json' },
    });
    if (answer.statusCode >= 400)
      throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    return answer.statusCode === 204 ? undefined : answer.json();
  };
  const platform = db.scoped(PLATFORM);
  const [chapter] = await platform.query<{ id: number }>(
    `SELECT c.id FROM chapters c WHERE c.company_id = (SELECT company_id FROM users WHERE email = 'admin@demo.fr') ORDER BY c.id LIMIT 1`,
  );
  const part = await send(author, 'POST', '/api/chapter-parts', {
    chapter: chapter.id,
    type: 'notes',
    title: 'Partie mesurée',
    content: { text: paragraph(0) },
  });
  let version = 0;
  const puts = async (count: number) => {
    const times: number[] = [];
    for (let k = 0; k < count; k++) {
      version++;
      const started = performance.now();
      await send(author, 'PUT', `/api/chapter-parts/${part.id}`, {
        title: `Partie mesurée ${version}`,
        content: { text: paragraph(version) },
      });
      times.push(performance.now() - started);
    }
    return times;
  };

  // 1. The PUT with and without the log, in alternating rounds: the machine's drift (other programs, the
  // JIT warming up) weighs on both alike.
  await puts(Math.min(300, PUTS));
  const withLog: number[] = [];
  const withoutLog: number[] = [];
  const round = Math.max(1, Math.floor(PUTS / ROUNDS));
  for (let k = 0; k < ROUNDS; k++) {
    await puts(20);
    withLog.push(...(await puts(round)));
    await db.exec(DROP_TRIGGERS);
    await puts(20);
    withoutLog.push(...(await puts(round)));
    await db.exec(`BEGIN;\n${auditStatements().join(';\n')};\nCOMMIT;`);
  }
  const p50With = median(withLog);
  const p50Without = median(withoutLog);
  const overhead = p50With / p50Without - 1;
  console.log(
    `${name}: chapter-part PUT p50 ${p50With.toFixed(2)} ms with the log, ${p50Without.toFixed(2)} ms without: ` +
      `${(overhead * 100).toFixed(1)} % slower — ${overhead < TARGET ? 'PASS' : 'FAIL'} (target < ${TARGET * 100} %)`,
  );

  // 2. The log's footprint for a mix of writes.
  const [course] = await platform.query<{ id: number }>(
    `SELECT id FROM courses WHERE company_id = (SELECT company_id FROM users WHERE email = 'admin@demo.fr') ORDER BY id LIMIT 1`,
  );
  const tags = [];
  for (let k = 0; k < 5; k++)
    tags.push((await send(admin, 'POST', '/api/tags', { name: `Étiquette de mesure ${k}` })).id);
  const ticket = await send(admin, 'POST', '/api/tickets', { type: 2, subject: 'Ticket de mesure' });
  const parts: number[] = [part.id];
  const before = await footprint(db);
  const started = performance.now();
  for (let k = 0; k < WRITES; k++) {
    const some = parts[k % parts.length];
    switch (k % 10) {
      case 0:
      case 1:
        parts.push(
          (
            await send(author, 'POST', '/api/chapter-parts', {
              chapter: chapter.id,
              type: 'notes',
              title: `Partie ${k}`,
              content: { text: paragraph(k) },
            })
          ).id,
        );
        break;
      case 2:
      case 3:
        await send(author, 'PUT', `/api/chapter-parts/${some}`, { content: { text: paragraph(k) } });
        break;
      case 4:
        await send(author, 'PUT', `/api/chapter-parts/${some}`, { title: `Titre ${k}`, required: k % 20 === 4 });
        break;
      case 5:
        await send(author, 'PUT', `/api/chapter-parts/${some}/reorder`, { position: k % parts.length });
        break;
      case 6:
        await send(admin, 'PUT', `/api/courses/${course.id}/${k % 20 === 6 ? 'add' : 'remove'}-tags`, {
          tags: [tags[k % tags.length]],
        });
        break;
      case 7:
        await send(admin, 'PUT', `/api/tags/${tags[k % tags.length]}`, { name: `Étiquette de mesure ${k}` });
        break;
      case 8:
        await send(admin, 'PUT', `/api/tickets/${ticket.id}/add-message`, {
          message: `Message ${k}`,
          status: 'treated',
        });
        break;
      case 9:
        if (parts.length > 10)
          await send(superAdmin, 'DELETE', `/api/chapter-parts/${parts.splice(k % parts.length, 1)[0]}`);
        else await send(author, 'PUT', `/api/chapter-parts/${some}`, { title: `Titre ${k}` });
        break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await footprint(db);
  let rows = 0;
  let bytes = 0;
  const lines: string[] = [];
  for (const [table, end] of after) {
    const start = before.get(table) ?? { n: 0, bytes: 0 };
    rows += end.n - start.n;
    bytes += end.bytes - start.bytes;
    lines.push(`  ${table}: +${end.n - start.n} rows, +${((end.bytes - start.bytes) / 1024).toFixed(0)} KB`);
  }
  console.log(`${name}: ${WRITES} writes in ${seconds.toFixed(1)} s; the log grew by:`);
  for (const line of lines) console.log(line);
  console.log(
    `  total +${rows} rows, +${(bytes / 1024 / 1024).toFixed(2)} MB: ${(rows / WRITES).toFixed(2)} rows and ` +
      `${(bytes / WRITES).toFixed(0)} bytes a write (indexes included)`,
  );
  await app.close();
  return {
    database: name,
    p50With,
    p50Without,
    overhead,
    writes: WRITES,
    rows,
    bytes,
    tables: Object.fromEntries(after),
  };
}

await onEachDatabase('audit', measure);
