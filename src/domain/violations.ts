import { COPY_TOO_LARGE } from './copies';
import { ENROLMENT_TOO_LARGE, RULE_WITHOUT_AUDIENCE } from './learning';
import { NO_STRUCTURE } from './tenancy';

/**
 * The violation codes of a 422 that the back-office says in its own words (`app.validation.<code>`, each
 * with a French message); for any other code it shows the server's message as it is.
 */
export const TRANSLATED_VIOLATION_CODES = [
  'blank',
  'choice',
  'email',
  'format',
  'length',
  'range',
  'reference',
  'type',
  'unique',
  'password',
  'mismatch',
  'url',
  'https',
  'youtube',
  'one_correct',
  'some_correct',
  'exclusive',
  'count',
  'unexpected',
  'unknown_variable',
  'current_password',
  COPY_TOO_LARGE,
  NO_STRUCTURE,
  ENROLMENT_TOO_LARGE,
  RULE_WITHOUT_AUDIENCE,
] as const;
