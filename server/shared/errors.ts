/** Errors in the shapes API.md fixes: problem+json, Lexik's 401, API Platform's ConstraintViolationList. */
export interface Violation {
  propertyPath: string;
  message: string;
  /** A stable key the back-office translates: blank, type, choice, email, length, range, unique, reference, constraint, format. */
  code: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly contentType = 'application/problem+json; charset=utf-8',
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : String(body.message ?? status));
  }
}

const TITLES: Record<number, string> = {
  400: 'An error occurred',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

export function problem(status: number, detail: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, {
    type: `/errors/${status}`,
    title: TITLES[status] ?? 'An error occurred',
    status,
    detail,
    ...extra,
  });
}

export const badRequest = (detail: string) => problem(400, detail);
export const forbidden = (detail: string) => problem(403, detail);
export const notFound = (detail = 'Not Found') => problem(404, detail);
export const conflict = (detail: string) => problem(409, detail);

/** A bound reached: 429 with the seconds to wait in `Retry-After` (one at least). */
export function tooMany(seconds: number, detail = `Too many attempts; try again in ${seconds} s.`): ApiError {
  const error = problem(429, detail);
  return new ApiError(429, error.body, error.contentType, { 'Retry-After': String(Math.max(1, seconds)) });
}

export function unauthorized(
  message: 'JWT Token not found' | 'Expired JWT Token' | 'Invalid JWT Token' | 'Invalid credentials.' | string,
): ApiError {
  return new ApiError(401, { code: 401, message }, 'application/json; charset=utf-8');
}

export function unprocessable(violations: Violation[]): ApiError {
  return new ApiError(
    422,
    {
      '@type': 'ConstraintViolationList',
      title: 'An error occurred',
      status: 422,
      detail: violations.map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message)).join('\n'),
      violations,
    },
    'application/problem+json; charset=utf-8',
  );
}

export const violation = (propertyPath: string, code: string, message: string): Violation => ({
  propertyPath,
  code,
  message,
});
