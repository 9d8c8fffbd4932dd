import type { Mail } from '../../../server/auth/mailer.ts';
import type { TestApp, TestProcess } from '../../api/support/testApp.ts';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A POST as a browser at `address` would send it (the throttles count per client address). */
export async function post(
  t: Pick<TestProcess, 'app'>,
  url: string,
  body: unknown,
  options: { token?: string; address?: string } = {},
): Promise<Answer> {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: options.address ?? '127.0.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  return {
    status: response.statusCode,
    json: response.body ? safeJson(response.body) : undefined,
    headers: response.headers,
  };
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export const codesSentTo = (mails: Mail[], email: string) =>
  mails.filter((mail) => mail.to === email).map((mail) => /(\d{6})/.exec(mail.subject)?.[1] ?? '');

/** A user who has chosen a password (no first connection left), created as a super admin would. */
export async function activeUser(
  t: TestApp,
  email: string,
  roles: string[] = ['ROLE_USER'],
  password = 'Initial2026!',
): Promise<number> {
  const created = await t.request('POST', '/api/users', {
    as: 'superadmin',
    body: {
      email,
      firstName: 'Test',
      lastName: 'Sécurité',
      type: roles.includes('ROLE_ADMIN') ? 'admin' : 'contributor',
      roles,
      password,
      // Platform staff belong to no structure; everyone else to the demo accounts' one.
      ...(roles.includes('ROLE_SUPER_ADMIN') ? {} : { company: `/api/companies/${t.users.admin.company}` }),
    },
  });
  if (created.status !== 201) throw new Error(`Creating ${email}: ${created.status} ${created.body}`);
  await t.db.query(`UPDATE users SET roles = array_remove(roles, 'ROLE_FIRST_CONNECT') WHERE id = $1`, [
    created.json.id,
  ]);
  return created.json.id;
}

export async function login(t: Pick<TestProcess, 'app'>, email: string, password = 'Initial2026!', address?: string) {
  return post(t, '/api/auth/token', { login: email, password }, { address });
}
