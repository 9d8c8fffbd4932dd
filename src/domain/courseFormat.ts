import type { ChapterPartType } from './chapterParts';

/**
 * The file a course is exported to and imported from: a zip holding `course.json` (the tree, described
 * below, with the format's version) and the files of the documents the course names, under `files/`.
 * Inside the file, everything refers to everything else by the file's own references (a chapter's `ref`,
 * a document's `ref`), never by a database id: the file rebuilds the same course in any structure.
 */

/** The version an export writes in `course.json`. Raised when the format changes. */
export const COURSE_FORMAT_VERSION = 2;
/**
 * The versions an import reads; it refuses every other. Version 1 had no release dates: its nodes are
 * released at once.
 */
export const COURSE_FORMAT_VERSIONS_READ = [1, 2] as const;
/** What `course.json` says it is, beside its version. */
export const COURSE_FORMAT_NAME = 'lms-course';
export const COURSE_MANIFEST = 'course.json';
/** The multipart field an import sends the archive in: a problem named by it is the file itself. */
export const COURSE_ARCHIVE_FIELD = 'file';
export const COURSE_FILES_FOLDER = 'files/';
/** Where the format's JSON Schema is published, beside the OpenAPI document. */
export const COURSE_FORMAT_SCHEMA_PATH = '/api/docs/course-format.schema.json';

/**
 * Bounds of an imported file beyond the upload limit itself: a zip may unpack to far more than it weighs,
 * so what it holds is counted as it unpacks and stopped at its bound, never unpacked to learn its size.
 * Each document's file unpacks to at most the upload limit (UPLOAD_MAX_MB), as if it were uploaded; the
 * whole archive, `course.json` included, to at most COURSE_IMPORT_MAX_MB (this by default).
 */
export const COURSE_ARCHIVE_MAX_ENTRIES = 2000;
export const COURSE_IMPORT_DEFAULT_MAX_MB = 200;
export const COURSE_MANIFEST_MAX_MB = 20;

/** A chapter's or a document's reference inside the file. */
export const FORMAT_REF = /^[A-Za-z0-9_-]{1,64}$/;

/** The re-run's date offset, in days, at most this far either way (a century). */
export const RERUN_MAX_OFFSET_DAYS = 36500;

export interface FormatDocument {
  ref: string;
  name: string;
  mimeType: string;
  /** Its file's path inside the zip. */
  file: string;
}

/** Since version 2, each module, chapter and part: its release date (ISO 8601), or null (at once). */
interface Released {
  releaseAt?: string | null;
}

export interface FormatPart extends Released {
  type: ChapterPartType;
  title: string | null;
  required: boolean;
  /** As the API holds it, each document named by its `ref` in the file. */
  content: Record<string, unknown>;
}

export interface FormatChapter extends Released {
  ref: string;
  title: string;
  description: string | null;
  estimatedMinutes: number | null;
  /** The chapters (by `ref`, in this file) to validate first. */
  unlocks: string[];
  parts: FormatPart[];
}

export interface FormatModule extends Released {
  title: string;
  description: string | null;
  tags: string[];
  chapters: FormatChapter[];
}

export interface FormatTag {
  name: string;
  color: string | null;
}

export interface FormatSkill {
  name: string;
  description: string | null;
}

/** `course.json`. */
export interface CourseFile {
  format: typeof COURSE_FORMAT_NAME;
  version: number;
  course: {
    title: string;
    description: string | null;
    /** The language's code (`fr`), matched on import; null when none. */
    language: string | null;
    /** A document's `ref`, or null. */
    cover: string | null;
    tags: string[];
    skills: string[];
    modules: FormatModule[];
  };
  /** The tags and skills the course and its modules name, by name. */
  tags: FormatTag[];
  skills: FormatSkill[];
  documents: FormatDocument[];
}

/**
 * Why an import is refused, one violation a problem: its code, and the French sentence the back-office
 * shows as it is (the file's author is the reader, and the path says where in `course.json`).
 */
export const COURSE_IMPORT_PROBLEMS = {
  not_a_zip: () => "Le fichier n'est pas une archive zip lisible.",
  too_large: (detail: string) => `Le fichier est trop volumineux : ${detail}.`,
  no_manifest: () => `L'archive ne contient pas de fichier ${COURSE_MANIFEST}.`,
  invalid_json: () => `${COURSE_MANIFEST} n'est pas un JSON valide.`,
  unknown_version: (version: string) =>
    `Version de format inconnue (${version}) : seules les versions ${COURSE_FORMAT_VERSIONS_READ.join(' et ')} sont prises en charge.`,
  invalid_field: (detail: string) => `Valeur refusée : ${detail}.`,
  unknown_part_type: (type: string) => `Type de partie inconnu : « ${type} ».`,
  broken_reference: (ref: string) => `Référence interne introuvable : « ${ref} ».`,
  duplicate_reference: (ref: string) => `Référence en double : « ${ref} ».`,
  invalid_content: (detail: string) => `Contenu de partie refusé : ${detail}.`,
  missing_file: (file: string) => `Fichier absent de l'archive : « ${file} ».`,
  invalid_file: (detail: string) => `Fichier refusé : ${detail}.`,
  unknown_language: (code: string) => `Langue inconnue : « ${code} ».`,
  unlock_cycle: (ref: string) => `Les prérequis forment une boucle autour du chapitre « ${ref} ».`,
} as const;

export type CourseImportProblem = keyof typeof COURSE_IMPORT_PROBLEMS;

/**
 * The French words of a value's problem (the codes of src/domain/contracts/values.ts and of the part
 * contents' checks), for the sentences above: an import's reader sees them without the back-office.
 */
export const VALUE_PROBLEM_WORDS: Readonly<Record<string, string>> = {
  blank: 'valeur manquante',
  type: "valeur qui n'est pas du bon type",
  length: 'texte trop long',
  range: 'valeur hors des limites permises',
  format: 'format incorrect',
  choice: "valeur qui n'est pas un choix possible",
  email: 'adresse e-mail incorrecte',
  url: 'adresse web incorrecte',
  https: 'seules les adresses https sont acceptées',
  youtube: "adresse qui n'est pas celle d'une vidéo YouTube",
  reference: 'document mal désigné',
  exclusive: 'un seul de ces champs est attendu',
  count: "nombre d'éléments hors des limites permises",
  one_correct: 'exactement une bonne réponse est attendue',
  some_correct: 'au moins une bonne réponse est attendue',
  unexpected: 'champ inattendu',
};

/** `path : words`, the detail of a refused value. */
export const valueProblemDetail = (path: string, code: string): string =>
  `${path} : ${VALUE_PROBLEM_WORDS[code] ?? code}`;
