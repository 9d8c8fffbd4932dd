import { RELEASE_FIELD } from '../../src/domain/releases.ts';
import { CHAPTER_PART_TYPES } from '../../src/domain/chapterParts.ts';
import { chapterParts, chapters, courses, documents, modules, skills, tags } from '../../src/domain/contracts/index.ts';
import type { FieldContract } from '../../src/domain/contracts/types.ts';
import {
  COURSE_FILES_FOLDER,
  COURSE_FORMAT_NAME,
  COURSE_FORMAT_SCHEMA_PATH,
  COURSE_FORMAT_VERSION,
  COURSE_FORMAT_VERSIONS_READ,
  COURSE_MANIFEST,
  FORMAT_REF,
} from '../../src/domain/courseFormat.ts';
import { partContentShape, type ContentKeyShape } from '../../src/domain/partContentShape.ts';
import { fieldSchema } from './jsonSchema.ts';

/**
 * The JSON Schema (2020-12) of `course.json`, the export and import format (src/domain/courseFormat.ts):
 * its fields' rules are the contracts' (fieldSchema, as OpenAPI has them), each part type's content is what
 * its content rule asks for (partContentShape), references are the file's own.
 */

type Schema = Record<string, unknown>;

const ref = (description: string): Schema => ({ type: 'string', pattern: FORMAT_REF.source, description });
const nullableRef = (description: string): Schema => ({ anyOf: [ref(description), { type: 'null' }] });
/** A contract's field as the file holds it: null where the field is optional. */
const field = (contract: FieldContract): Schema => {
  const schema = fieldSchema(contract);
  return contract.required || !('type' in schema) || Array.isArray(schema.type)
    ? schema
    : { ...schema, type: [schema.type, 'null'] };
};
const names = (description: string): Schema => ({ type: 'array', items: { type: 'string' }, description });

function keySchema(shape: ContentKeyShape): Schema {
  switch (shape.kind) {
    case 'text':
      return { type: 'string', maxLength: shape.max };
    case 'url':
      return { type: 'string', format: 'uri', maxLength: 2048, ...(shape.httpsOnly ? { pattern: '^https://' } : {}) };
    case 'integer':
      return { type: 'integer', minimum: shape.min, maximum: shape.max };
    case 'document':
      return ref('The `ref` of one of the file’s documents.');
    case 'options':
      return {
        type: 'array',
        minItems: 2,
        maxItems: 50,
        items: {
          type: 'object',
          properties: { label: { type: 'string' }, correct: { type: 'boolean' } },
          required: ['label', 'correct'],
          additionalProperties: false,
        },
        description: shape.correct === 'exactly_one' ? 'Exactly one is correct.' : 'At least one is correct.',
      };
    case 'other':
      return {};
  }
}

/** One part type's part: its type, and its content as that type's rule takes it. */
function partOf(type: (typeof CHAPTER_PART_TYPES)[number]): Schema {
  const shape = partContentShape(type);
  const required = Object.entries(shape.keys)
    .filter(([, key]) => 'required' in key && key.required)
    .map(([name]) => name);
  const content: Schema = {
    type: 'object',
    properties: Object.fromEntries(Object.entries(shape.keys).map(([name, key]) => [name, keySchema(key)])),
    additionalProperties: false,
    ...(required.length ? { required } : {}),
    ...(shape.exclusive.length
      ? { allOf: shape.exclusive.map((keys) => ({ oneOf: keys.map((key) => ({ required: [key] })) })) }
      : {}),
  };
  return {
    type: 'object',
    properties: {
      type: { const: type },
      title: field(chapterParts.fields.title),
      required: { type: 'boolean' },
      [RELEASE_FIELD]: field(chapterParts.fields[RELEASE_FIELD]),
      content,
    },
    required: ['type', 'content'],
    additionalProperties: false,
  };
}

export function courseFormatSchema(): Schema {
  const chapter: Schema = {
    type: 'object',
    properties: {
      ref: ref('This chapter’s reference, unique in the file.'),
      title: field(chapters.fields.title),
      description: field(chapters.fields.description),
      estimatedMinutes: field(chapters.fields.estimatedMinutes),
      [RELEASE_FIELD]: field(chapters.fields[RELEASE_FIELD]),
      unlocks: { type: 'array', items: ref('A chapter of the file to validate first.') },
      parts: { type: 'array', items: { $ref: '#/$defs/part' } },
    },
    required: ['ref', 'title'],
    additionalProperties: false,
  };
  const module: Schema = {
    type: 'object',
    properties: {
      title: field(modules.fields.title),
      description: field(modules.fields.description),
      [RELEASE_FIELD]: field(modules.fields[RELEASE_FIELD]),
      tags: names('Tags by name (the file’s `tags`).'),
      chapters: { type: 'array', items: { $ref: '#/$defs/chapter' } },
    },
    required: ['title'],
    additionalProperties: false,
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: COURSE_FORMAT_SCHEMA_PATH,
    title: `${COURSE_MANIFEST}: a course exported by GET /api/courses/{id}/export`,
    description: `The zip holds ${COURSE_MANIFEST} and each document’s file under ${COURSE_FILES_FOLDER}. Positions are the lists’ order; every reference is the file’s own (a chapter’s or a document’s \`ref\`), never a database id.`,
    type: 'object',
    properties: {
      format: { const: COURSE_FORMAT_NAME },
      version: {
        enum: [...COURSE_FORMAT_VERSIONS_READ],
        description: `Exports write ${COURSE_FORMAT_VERSION}; version 1 has no release dates (released at once).`,
      },
      course: {
        type: 'object',
        properties: {
          title: field(courses.fields.title),
          description: field(courses.fields.description),
          language: { type: ['string', 'null'], description: 'A language’s code (fr).' },
          cover: nullableRef('The `ref` of the cover’s document.'),
          tags: names('Tags by name (the file’s `tags`).'),
          skills: names('Skills by name (the file’s `skills`).'),
          modules: { type: 'array', items: { $ref: '#/$defs/module' } },
        },
        required: ['title'],
        additionalProperties: false,
      },
      tags: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: field(tags.fields.name), color: field(tags.fields.color) },
          required: ['name'],
          additionalProperties: false,
        },
      },
      skills: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: field(skills.fields.name), description: field(skills.fields.description) },
          required: ['name'],
          additionalProperties: false,
        },
      },
      documents: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            ref: ref('This document’s reference, unique in the file.'),
            name: field(documents.fields.name),
            mimeType: { type: 'string' },
            file: { type: 'string', description: `Its file’s path in the zip (${COURSE_FILES_FOLDER}…).` },
          },
          required: ['ref', 'name', 'mimeType', 'file'],
          additionalProperties: false,
        },
      },
    },
    required: ['format', 'version', 'course'],
    $defs: {
      module,
      chapter,
      part: { oneOf: CHAPTER_PART_TYPES.map(partOf) },
    },
  };
}
