import { HttpError, type Identifier } from 'react-admin';
import type { EnrolmentAudience, EnrolmentPreview, EnrolmentRequest } from '../../domain/enrolmentPayloads';
import { iriOf } from '../../domain/relations';

/** The ways to name whom to enrol, one at a time, in the order the dialog offers them. */
export const AUDIENCE_KINDS = ['users', 'emails', 'structure', 'tags', 'skills', 'supervisor'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export const DUE_MODES = ['none', 'at', 'days'] as const;
export type DueMode = (typeof DUE_MODES)[number];

/** What the enrolment dialog's form holds: every tab's choice is kept, the shown tab's is sent. */
export interface EnrolmentValues {
  kind: AudienceKind;
  users: Identifier[];
  /** Pasted or read from a file: e-mails one a line, or a CSV whose cells hold them. */
  emails: string;
  tags: Identifier[];
  skills: Identifier[];
  supervisor: Identifier | null;
  dueMode: DueMode;
  /** `YYYY-MM-DD`. */
  dueAt: string | null;
  dueDays: number | null;
  remindSupervisor: boolean;
}

export const EMPTY_ENROLMENT: EnrolmentValues = {
  kind: 'users',
  users: [],
  emails: '',
  tags: [],
  skills: [],
  supervisor: null,
  dueMode: 'none',
  dueAt: null,
  dueDays: null,
  remindSupervisor: false,
};

// An address as people type it in a list: something@somewhere.tld, nothing around it.
const EMAIL = /^[^\s@;,"']+@[^\s@;,"']+\.[^\s@;,"']+$/;

/**
 * The e-mail addresses of a pasted list or a CSV file: every cell of every line (split on `;`, `,` or a
 * tab, quotes dropped) that reads as an address, once each, in their order. A header row ("email") and
 * the other columns (names) are no addresses, and fall away.
 */
export function emailsOf(text: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const line of text.split(/\r?\n/))
    for (const cell of line.split(/[;,\t]/)) {
      const email = cell
        .trim()
        .replace(/^["']|["']$/g, '')
        .trim();
      if (!EMAIL.test(email) || seen.has(email.toLowerCase())) continue;
      seen.add(email.toLowerCase());
      emails.push(email);
    }
  return emails;
}

const ids = (values: readonly Identifier[]) => values.map(Number);

function audienceOf(values: EnrolmentValues): EnrolmentAudience {
  switch (values.kind) {
    case 'users':
      return { users: ids(values.users) };
    case 'emails':
      return { emails: emailsOf(values.emails) };
    case 'structure':
      return { structure: true };
    case 'tags':
      return { tags: ids(values.tags) };
    case 'skills':
      return { skills: ids(values.skills) };
    case 'supervisor':
      return values.supervisor == null ? {} : { supervisor: Number(values.supervisor) };
  }
}

/** A preview, with the body it answered: one that no longer matches the form cannot be applied. */
export interface ShownPreview {
  key: string;
  result: EnrolmentPreview;
}

/** The key a preview is kept under: the body it was asked with. */
export const requestKey = (course: Identifier, values: EnrolmentValues) =>
  JSON.stringify(enrolmentRequest(course, values));

/** The body of the preview and of the enrolment: the shown tab's audience, the due date chosen. */
export function enrolmentRequest(course: Identifier, values: EnrolmentValues): EnrolmentRequest {
  const request: EnrolmentRequest = { course: iriOf('courses', course), audience: audienceOf(values) };
  if (values.dueMode === 'at' && values.dueAt) request.due = { at: values.dueAt.slice(0, 10) };
  if (values.dueMode === 'days' && values.dueDays != null) request.due = { days: Number(values.dueDays) };
  if (values.remindSupervisor) request.remindSupervisor = true;
  return request;
}

/** Which input of the form a refusal of the server's names: `audience.tags` is the tags' input. */
function inputOf(path: string): keyof EnrolmentValues | 'audience' | 'general' {
  const [head, part] = path.split(/[.[]/);
  if (head === 'audience') {
    if (part === 'structure' || part === undefined || part === '') return 'audience';
    return (AUDIENCE_KINDS as readonly string[]).includes(part)
      ? (part as Exclude<AudienceKind, 'structure'>)
      : 'audience';
  }
  if (head === 'due') return part === 'days' ? 'dueDays' : 'dueAt';
  if (head === 'remindSupervisor') return 'remindSupervisor';
  return 'general';
}

interface Violation {
  propertyPath?: string;
  message?: string;
  code?: string;
}

/**
 * A 422 of the preview or the enrolment, by the input it names: each message a translation key where the
 * screens have one for its code (for that input, `app.learning.violations.<input>_<code>`, then for any,
 * `app.learning.violations.<code>`, then the app's `app.validation.<code>`), else the server's own text. `general` holds what names no input. Undefined for any other failure.
 */
export function refusalsOf(
  error: unknown,
  known: (key: string) => boolean,
): Partial<Record<keyof EnrolmentValues | 'audience' | 'general', string>> | undefined {
  if (!(error instanceof HttpError) || error.status !== 422) return undefined;
  const violations = ((error.body as { violations?: Violation[] } | null)?.violations ?? []).filter(
    (violation) => typeof violation.message === 'string',
  );
  const refusals: Partial<Record<keyof EnrolmentValues | 'audience' | 'general', string>> = {};
  for (const violation of violations) {
    const input = inputOf(violation.propertyPath ?? '');
    if (refusals[input]) continue;
    const { code } = violation;
    const keys = code
      ? [`app.learning.violations.${input}_${code}`, `app.learning.violations.${code}`, `app.validation.${code}`]
      : [];
    refusals[input] = keys.find(known) ?? violation.message;
  }
  if (Object.keys(refusals).length === 0) refusals.general = error.message;
  return refusals;
}
