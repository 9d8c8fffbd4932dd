import type { Queryable } from '../../db/database.ts';
import { ago, idsBy, insertRows, must, type Random } from './bulk.ts';
import type { ChapterSpec, CourseSpec, ModuleSpec, ResourceBank } from './courseTypes.ts';
import {
  CUSTOMER_SERVICE,
  BUSINESS_ENGLISH,
  ONBOARDING_TEMPLATE,
  STANDALONE_TEMPLATE_CHAPTERS,
  STANDALONE_TEMPLATE_MODULE,
  TEMPLATE_RESOURCES,
} from './coursesServiceLanguageTemplates.ts';
import { GDPR, PUBLIC_SPEAKING, SPREADSHEETS } from './coursesOfficeSpeakingGdpr.ts';
import { CYBERSECURITY, MANAGEMENT } from './coursesSecurityManagement.ts';
import { PartPlanner, type PartDraft } from './parts.ts';
import type { ReferenceIds } from './reference.ts';

export const COURSES: CourseSpec[] = [
  CYBERSECURITY,
  MANAGEMENT,
  SPREADSHEETS,
  PUBLIC_SPEAKING,
  GDPR,
  CUSTOMER_SERVICE,
  BUSINESS_ENGLISH,
  ONBOARDING_TEMPLATE,
];

export interface SeededPart extends PartDraft {
  id: number;
}

export interface SeededChapter {
  id: number;
  title: string;
  parts: SeededPart[];
}

export interface SeededCourse {
  id: number;
  spec: CourseSpec;
  modules: { id: number; title: string }[];
  /** In reading order: module by module, chapter by chapter. */
  chapters: SeededChapter[];
}

export interface Catalog {
  courses: SeededCourse[];
  templateModuleId: number;
  templateChapterIds: number[];
}

interface ChapterPlan {
  spec: ChapterSpec;
  parts: PartDraft[];
  template: boolean;
  ageDays: number;
}

export async function seedCatalog(
  tx: Queryable,
  random: Random,
  refs: ReferenceIds,
  documents: ReadonlyMap<string, number>,
  companies: ReadonlyMap<string, number>,
): Promise<Catalog> {
  // Rows are written on the platform's scope, where a structure's own must name it (the catalogue's do not);
  // a free-standing template (no course) is the template course's structure's.
  const structureOf = (course: CourseSpec | null) => {
    const structure = (course ?? ONBOARDING_TEMPLATE).structure;
    return structure === undefined ? null : must(companies, structure);
  };
  const courseRows = await insertRows(
    tx,
    'courses',
    {
      title: 'text',
      description: 'text',
      language_id: 'integer',
      status: 'text',
      is_template: 'boolean',
      cover_id: 'integer',
      company_id: 'integer',
      _published: 'interval',
    },
    COURSES.map((course) => ({
      title: course.title,
      description: course.description,
      language_id: must(refs.languages, course.language),
      company_id: structureOf(course),
      status: course.status,
      is_template: course.isTemplate ?? false,
      cover_id: must(documents, course.cover),
      _published: course.publishedDaysAgo === undefined ? null : ago(course.publishedDaysAgo, 10),
      _age: ago(course.createdDaysAgo, 9),
      _touched: ago(course.publishedDaysAgo ?? random.int(1, 20), 10),
    })),
    { stamped: true, computed: { published_at: 'now() - x._published' }, returning: 'id, title' },
  );
  const courseIds = idsBy(courseRows, (row) => row.title);
  const courseId = (course: CourseSpec) => must(courseIds, course.title);

  await insertRows(
    tx,
    'course_tags',
    { course_id: 'integer', tag_id: 'integer' },
    COURSES.flatMap((course) =>
      course.tags.map((tag) => ({ course_id: courseId(course), tag_id: must(refs.tags, tag) })),
    ),
  );
  await insertRows(
    tx,
    'course_skills',
    { course_id: 'integer', skill_id: 'integer' },
    COURSES.flatMap((course) =>
      course.skills.map((skill) => ({ course_id: courseId(course), skill_id: must(refs.skills, skill) })),
    ),
  );

  // Modules: those of each course, then the free-standing template module (no course), the template course's structure's.
  const moduleEntries: { course: CourseSpec | null; spec: ModuleSpec; position: number; ageDays: number }[] = [
    ...COURSES.flatMap((course) =>
      course.modules.map((spec, position) => ({
        course,
        spec,
        position,
        ageDays: course.createdDaysAgo - position * 2,
      })),
    ),
    { course: null, spec: STANDALONE_TEMPLATE_MODULE, position: 0, ageDays: 140 },
  ];
  const moduleRows = await insertRows(
    tx,
    'modules',
    {
      title: 'text',
      description: 'text',
      course_id: 'integer',
      position: 'integer',
      is_template: 'boolean',
      company_id: 'integer',
    },
    moduleEntries.map((entry) => ({
      title: entry.spec.title,
      description: entry.spec.description,
      course_id: entry.course ? courseId(entry.course) : null,
      company_id: structureOf(entry.course),
      position: entry.position,
      is_template: entry.course ? (entry.course.isTemplate ?? false) : true,
      _age: ago(entry.ageDays, 8),
      _touched: ago(Math.max(0, entry.ageDays - random.int(3, 30)), 8),
    })),
    { stamped: true, returning: 'id, course_id, position' },
  );
  const moduleIds = idsBy(moduleRows, (row) => `${row.course_id}:${row.position}`);
  const moduleId = (course: CourseSpec | null, position: number) =>
    must(moduleIds, `${course ? courseId(course) : null}:${position}`);

  await insertRows(
    tx,
    'module_tags',
    { module_id: 'integer', tag_id: 'integer' },
    moduleEntries.flatMap((entry) =>
      (entry.spec.tags ?? []).map((tag) => ({
        module_id: moduleId(entry.course, entry.position),
        tag_id: must(refs.tags, tag),
      })),
    ),
  );

  // Chapters and their parts, planned in catalogue order so the part types rotate across courses.
  const planner = new PartPlanner(documents);
  const planChapter = (
    spec: ChapterSpec,
    bank: ResourceBank,
    usage: Map<string, number>,
    index: number,
    template: boolean,
    ageDays: number,
  ): ChapterPlan => ({ spec, parts: planner.plan(spec, bank, index % 3 === 0 ? 3 : 2, usage), template, ageDays });
  const chapterGroups: { course: CourseSpec | null; moduleId: number | null; plans: ChapterPlan[] }[] = [];
  let index = 0;
  for (const entry of moduleEntries) {
    const bank = entry.course?.resources ?? TEMPLATE_RESOURCES;
    const usage = new Map<string, number>();
    const template = entry.course ? (entry.course.isTemplate ?? false) : true;
    chapterGroups.push({
      course: entry.course,
      moduleId: moduleId(entry.course, entry.position),
      plans: entry.spec.chapters.map((spec, position) =>
        planChapter(spec, bank, usage, index++, template, entry.ageDays - position),
      ),
    });
  }
  const looseUsage = new Map<string, number>();
  chapterGroups.push({
    course: null,
    moduleId: null,
    plans: STANDALONE_TEMPLATE_CHAPTERS.map((spec, position) =>
      planChapter(spec, TEMPLATE_RESOURCES, looseUsage, index++, true, 135 - position * 4),
    ),
  });

  const chapterRows = await insertRows(
    tx,
    'chapters',
    {
      title: 'text',
      description: 'text',
      module_id: 'integer',
      position: 'integer',
      is_template: 'boolean',
      estimated_minutes: 'integer',
      company_id: 'integer',
    },
    chapterGroups.flatMap((group) =>
      group.plans.map((plan, position) => ({
        title: plan.spec.title,
        description: plan.spec.description,
        module_id: group.moduleId,
        position,
        company_id: structureOf(group.course),
        is_template: plan.template,
        estimated_minutes: plan.spec.minutes,
        _age: ago(plan.ageDays, 6),
        _touched: ago(Math.max(0, plan.ageDays - random.int(2, 25)), 6),
      })),
    ),
    { stamped: true, returning: 'id, module_id, position' },
  );
  const chapterIds = idsBy(chapterRows, (row) => `${row.module_id}:${row.position}`);
  const chapterId = (group: { moduleId: number | null }, position: number) =>
    must(chapterIds, `${group.moduleId}:${position}`);

  const partRows = await insertRows(
    tx,
    'chapter_parts',
    { chapter_id: 'integer', type: 'text', position: 'integer', title: 'text', content: 'jsonb', required: 'boolean' },
    chapterGroups.flatMap((group) =>
      group.plans.flatMap((plan, chapterPosition) =>
        plan.parts.map((part, position) => ({
          chapter_id: chapterId(group, chapterPosition),
          type: part.type,
          position,
          title: part.title,
          content: part.content,
          required: part.required,
          _age: ago(plan.ageDays, 5 - position * 0.25),
        })),
      ),
    ),
    { stamped: true, returning: 'id, chapter_id, position' },
  );
  const partIds = idsBy(partRows, (row) => `${row.chapter_id}:${row.position}`);

  const seededChapter = (group: { moduleId: number | null; plans: ChapterPlan[] }, position: number): SeededChapter => {
    const id = chapterId(group, position);
    const plan = group.plans[position];
    return {
      id,
      title: plan.spec.title,
      parts: plan.parts.map((part, p) => ({ ...part, id: must(partIds, `${id}:${p}`) })),
    };
  };
  const courses = COURSES.map((spec): SeededCourse => {
    const groups = chapterGroups.filter((group) => group.course === spec);
    return {
      id: courseId(spec),
      spec,
      modules: spec.modules.map((module, position) => ({ id: moduleId(spec, position), title: module.title })),
      chapters: groups.flatMap((group) => group.plans.map((_, position) => seededChapter(group, position))),
    };
  });

  // Sequential courses: each chapter waits for the one before it, across module boundaries too.
  await insertRows(
    tx,
    'chapter_unlocks',
    { chapter_id: 'integer', required_chapter_id: 'integer' },
    courses
      .filter((course) => course.spec.sequential)
      .flatMap((course) =>
        course.chapters
          .slice(1)
          .map((chapter, i) => ({ chapter_id: chapter.id, required_chapter_id: course.chapters[i].id })),
      ),
  );

  const loose = chapterGroups[chapterGroups.length - 1];
  return {
    courses,
    templateModuleId: moduleId(null, 0),
    templateChapterIds: loose.plans.map((_, position) => chapterId(loose, position)),
  };
}
