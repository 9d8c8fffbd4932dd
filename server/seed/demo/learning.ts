import type { Queryable } from '../../db/database.ts';
import { ANSWERS, FEEDBACK, HAND_INS } from './answers.ts';
import { ago, insertRows, must, type Random } from './bulk.ts';
import type { Catalog, SeededCourse, SeededPart } from './catalog.ts';
import { GDPR, PUBLIC_SPEAKING } from './coursesOfficeSpeakingGdpr.ts';
import { CYBERSECURITY } from './coursesSecurityManagement.ts';
import { pdf } from './fileFormats.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';
import { insertDocuments, writeDemoFiles, type DemoFile } from './files.ts';
import { documentIri } from './parts.ts';
import { inactiveSince, type People, type PersonSpec } from './people.ts';

const CYBER = CYBERSECURITY.title;
const SPEAKING = PUBLIC_SPEAKING.title;
const PRIVACY = GDPR.title;

// Within one structure, on a course its learner reads.
// [supervisor, learner, course title or null, starts (days ago), ends (days ago; negative is ahead; null is open-ended)]
const SUPERVISIONS: [string, string, string | null, number, number | null][] = [
  ['admin@demo.fr', 'contributeur@demo.fr', 'Manager une équipe : les premiers pas', 60, -30],
  ['admin@demo.fr', 'manon.bonnet@academie-demo.fr', CYBER, 100, 20],
  ['thomas.richard@academie-demo.fr', 'admin@demo.fr', null, 150, null],
  ['thomas.richard@academie-demo.fr', 'raphael.andre@academie-demo.fr', null, 70, null],
  ['nathalie.petit@academie-demo.fr', 'manon.bonnet@academie-demo.fr', null, 150, null],
  ['admin@transports-morel.fr', 'lucas.girard@transports-morel.fr', PRIVACY, 100, 20],
  ['admin@transports-morel.fr', 'hugo.dupont@transports-morel.fr', SPEAKING, 90, -60],
  ['karim.mansouri@transports-morel.fr', 'jade.faure@transports-morel.fr', null, 25, null],
  ['emilie.laurent@riviera-hotels.fr', 'lea.lambert@riviera-hotels.fr', PRIVACY, 70, 10],
  ['emilie.laurent@riviera-hotels.fr', 'chloe.rousseau@riviera-hotels.fr', null, 120, null],
  ['claire.fournier@clinique-tilleuls.fr', 'louis.fontaine@clinique-tilleuls.fr', SPEAKING, 80, -10],
  ['claire.fournier@clinique-tilleuls.fr', 'ines.muller@clinique-tilleuls.fr', PRIVACY, 110, 30],
  ['emilie.laurent@riviera-hotels.fr', 'louise.mercier@riviera-hotels.fr', null, 130, null],
  ['emilie.laurent@riviera-hotels.fr', 'lea.lambert@riviera-hotels.fr', SPEAKING, 50, -40],
  ['claire.fournier@clinique-tilleuls.fr', 'zoe.guerin@clinique-tilleuls.fr', PRIVACY, 60, -20],
  ['claire.fournier@clinique-tilleuls.fr', 'mehdi.haddad@clinique-tilleuls.fr', null, 90, null],
  ['sarah.collins@lefevre-conseil.fr', 'daniel.schmidt@lefevre-conseil.fr', SPEAKING, 55, -35],
  ['sarah.collins@lefevre-conseil.fr', 'gabriel.vincent@lefevre-conseil.fr', SPEAKING, 55, -35],
];

const ADMIN_LEARNERS = [
  'admin@demo.fr',
  'nathalie.petit@academie-demo.fr',
  'emilie.laurent@riviera-hotels.fr',
  'sarah.collins@lefevre-conseil.fr',
];

type Status = 'invited' | 'in_progress' | 'completed';

interface Participation {
  person: PersonSpec;
  userId: number;
  course: SeededCourse;
  status: Status;
  validated: number;
  createdDays: number;
  startedDays?: number;
  completedDays?: number;
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Whether a person's structure reads a course: the catalogue's, or its own. */
const reads = (person: PersonSpec, course: SeededCourse) =>
  course.spec.structure === undefined || course.spec.structure === person.company;

export async function seedLearning(
  tx: Queryable,
  random: Random,
  people: People,
  catalog: Catalog,
  files: FileStorage,
): Promise<void> {
  const courseByTitle = new Map(catalog.courses.map((course) => [course.spec.title, course]));
  const open = catalog.courses.filter((course) => course.spec.status === 'published' && !course.spec.isTemplate);
  const openTo = (person: PersonSpec) => open.filter((course) => reads(person, course));
  // Answers are reviewed by their learner's supervisor, or by one of the structure's administrators.
  const reviewersOf = (person: PersonSpec) =>
    people.specs
      .filter((spec) => spec.company === person.company && spec.roles.includes('ROLE_ADMIN') && spec.enabled !== false)
      .map((spec) => must(people.users, spec.email));

  await insertRows(
    tx,
    'user_supervisions',
    { supervisor_id: 'integer', learner_id: 'integer', course_id: 'integer', _starts: 'interval', _ends: 'interval' },
    SUPERVISIONS.map(([supervisor, learner, course, starts, ends]) => ({
      supervisor_id: must(people.users, supervisor),
      learner_id: must(people.users, learner),
      course_id: course ? must(courseByTitle, course).id : null,
      _starts: ago(starts),
      _ends: ends === null ? null : ago(ends),
      _age: ago(starts + 2, 3),
    })),
    {
      stamped: true,
      computed: { starts_at: "date_trunc('day', now() - x._starts)", ends_at: "date_trunc('day', now() - x._ends)" },
    },
  );
  const supervisorOf = new Map(
    SUPERVISIONS.map(([supervisor, learner]) => [must(people.users, learner), must(people.users, supervisor)]),
  );

  // Who takes which course: every active contributor, a few administrators, and each supervised pair.
  const participations = new Map<string, Participation>();
  const enrol = (person: PersonSpec, course: SeededCourse, status: Status) => {
    const userId = must(people.users, person.email);
    const key = `${userId}:${course.id}`;
    if (participations.has(key)) return;
    const total = course.chapters.length;
    const published = course.spec.publishedDaysAgo ?? 30;
    const oldest = Math.min(published - 1, person.createdDaysAgo - 1);
    const floor = Math.min(Math.max(inactiveSince(person), 2), oldest);
    const startedDays = random.int(Math.min(floor + 6, oldest), oldest);
    // Enrolled a few days before starting, never before the account existed.
    const createdDays = Math.max(startedDays, Math.min(startedDays + random.int(1, 6), person.createdDaysAgo - 1));
    const row: Participation = { person, userId, course, status, validated: 0, createdDays };
    if (status === 'invited') row.createdDays = random.int(1, Math.min(25, oldest));
    if (status === 'in_progress') Object.assign(row, { startedDays, validated: random.int(1, total - 1) });
    if (status === 'completed')
      Object.assign(row, {
        startedDays,
        validated: total,
        completedDays: random.int(Math.min(floor, startedDays - 4), startedDays - 4),
      });
    participations.set(key, row);
  };
  const byEmail = new Map(people.specs.map((spec) => [spec.email, spec]));
  const demo = must(byEmail, 'contributeur@demo.fr');
  const demoCourses = openTo(demo);
  enrol(demo, demoCourses[0], 'completed');
  enrol(demo, demoCourses[1], 'in_progress');
  enrol(demo, demoCourses[2], 'in_progress');
  enrol(demo, demoCourses[4], 'invited');
  const learners = people.specs.filter(
    (spec) =>
      !spec.firstConnect &&
      spec.email !== demo.email &&
      (spec.type === 'contributor' || ADMIN_LEARNERS.includes(spec.email)),
  );
  for (const person of learners) {
    for (const course of random.sample(openTo(person), random.int(2, 4))) {
      const roll = random.next();
      const status: Status =
        person.enabled === false
          ? roll < 0.5
            ? 'in_progress'
            : 'completed'
          : roll < 0.2
            ? 'invited'
            : roll < 0.6
              ? 'in_progress'
              : 'completed';
      enrol(person, course, status);
    }
  }
  for (const [, learner, title] of SUPERVISIONS) {
    if (!title) continue;
    const person = must(byEmail, learner);
    const course = must(courseByTitle, title);
    if (!reads(person, course)) throw new Error(`Demo seed: ${learner}'s structure does not read "${title}"`);
    enrol(person, course, 'in_progress');
  }

  const rows = [...participations.values()];
  await insertRows(
    tx,
    'participations',
    {
      user_id: 'integer',
      course_id: 'integer',
      status: 'text',
      progress: 'integer',
      _started: 'interval',
      _completed: 'interval',
    },
    rows.map((p) => ({
      user_id: p.userId,
      course_id: p.course.id,
      status: p.status,
      progress: Math.round((p.validated / p.course.chapters.length) * 100),
      _started: p.startedDays === undefined ? null : ago(p.startedDays),
      _completed: p.completedDays === undefined ? null : ago(p.completedDays),
      _age: ago(p.createdDays),
      _touched: ago(p.completedDays ?? (p.startedDays ? random.int(0, p.startedDays) : p.createdDays), 1),
    })),
    { stamped: true, computed: { started_at: 'now() - x._started', completed_at: 'now() - x._completed' } },
  );

  // Validations in reading order, spread between the start and the end (or a recent day); answers alongside.
  const validations: object[] = [];
  const responses: object[] = [];
  const handIns: DemoFile[] = [];
  const handInOf = new Map<object, DemoFile>();
  for (const p of rows) {
    const started = p.startedDays;
    if (started === undefined) continue;
    // A disabled account stopped learning when it went inactive.
    const end =
      p.completedDays ??
      (p.person.enabled === false
        ? random.int(Math.min(inactiveSince(p.person), started - 1), started - 1)
        : random.int(0, Math.floor(started / 2)));
    const when = (i: number) => started - ((started - end) * (i + 1)) / p.validated;
    const reviewers = reviewersOf(p.person);
    const reviewer =
      supervisorOf.get(p.userId) ?? (random.chance(0.5) && reviewers.length > 0 ? random.pick(reviewers) : null);
    p.course.chapters.slice(0, p.validated).forEach((chapter, i) => {
      validations.push({ chapter_id: chapter.id, user_id: p.userId, validated_by_id: reviewer, _at: ago(when(i)) });
      for (const part of chapter.parts) answer(p, part, when(i) + 0.05, 'validated');
    });
    const next = p.course.chapters[p.validated];
    const submitted = p.person.enabled === false ? end - 0.5 : end * random.next();
    if (next && random.chance(0.6)) for (const part of next.parts) answer(p, part, submitted, 'submitted');
  }

  function answer(p: Participation, part: SeededPart, days: number, outcome: 'validated' | 'submitted') {
    const content = part.content as { question: string; options?: { label: string; correct: boolean }[] };
    const base = { chapter_part_id: part.id, user_id: p.userId, _age: ago(days, 1), _touched: ago(days) };
    if (part.type === 'interactive_select' || part.type === 'interactive_select_multi') {
      const options = content.options ?? [];
      const right = options.flatMap((option, index) => (option.correct ? [index] : []));
      const wrong = options.flatMap((option, index) => (option.correct ? [] : [index]));
      const single = part.type === 'interactive_select';
      if (outcome === 'validated' && random.chance(0.2) && wrong.length > 0) {
        const miss = single ? random.pick(wrong) : [...right.slice(1), random.pick(wrong)].sort((a, b) => a - b);
        responses.push({
          ...base,
          value: { selected: miss },
          status: 'rejected',
          feedback: random.pick(FEEDBACK.rejected),
          _age: ago(days, 3),
          _touched: ago(days, 2),
        });
      }
      responses.push({ ...base, value: { selected: single ? right[0] : right }, status: outcome, feedback: null });
    } else if (part.type === 'interactive_text' || part.type === 'interactive_long_text') {
      const texts = ANSWERS[content.question];
      if (!texts) return;
      const feedback = outcome === 'validated' && random.chance(0.5) ? random.pick(FEEDBACK.validated) : null;
      responses.push({ ...base, value: { text: random.pick(texts) }, status: outcome, feedback });
    } else if (part.type === 'interactive_upload') {
      const handIn = HAND_INS[p.course.spec.title];
      if (!handIn) return;
      const csv = (content as unknown as { accept: string[] }).accept.includes('text/csv');
      const name = `${handIn.title} - ${p.person.firstName} ${p.person.lastName}.${csv ? 'csv' : 'pdf'}`;
      const file: DemoFile = {
        key: `demo/rendus/${slug(handIn.title)}-${slug(p.person.lastName)}-${part.id}.${csv ? 'csv' : 'pdf'}`,
        name,
        mimeType: csv ? 'text/csv' : 'application/pdf',
        context: 'chapter_part_response',
        owner: p.person.email,
        ageDays: days,
        bytes: csv
          ? Buffer.from(`${handIn.lines.join('\n')}\n`, 'utf8')
          : pdf(`${handIn.title} - ${p.person.firstName} ${p.person.lastName}`, handIn.lines),
      };
      handIns.push(file);
      const response = {
        ...base,
        status: outcome,
        feedback: outcome === 'validated' ? random.pick(FEEDBACK.validated) : null,
      };
      handInOf.set(response, file);
      responses.push(response);
    }
  }

  await writeDemoFiles(files, handIns);
  const handInIds = await insertDocuments(tx, handIns, people.users);
  for (const [response, file] of handInOf)
    Object.assign(response, { value: { document: documentIri(must(handInIds, file.key)), name: file.name } });

  await insertRows(
    tx,
    'chapter_validations',
    { chapter_id: 'integer', user_id: 'integer', validated_by_id: 'integer', _at: 'interval' },
    validations,
    { computed: { validated_at: 'now() - x._at', created_at: 'now() - x._at', updated_at: 'now() - x._at' } },
  );
  await insertRows(
    tx,
    'chapter_part_responses',
    { chapter_part_id: 'integer', user_id: 'integer', value: 'jsonb', status: 'text', feedback: 'text' },
    responses,
    { stamped: true },
  );
}
