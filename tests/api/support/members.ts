import { randomUUID } from 'node:crypto';
import type { TestApp } from './testApp.ts';

/**
 * A new person of the demo admin's structure holding exactly `role`, with a full session's access token of
 * their own: for what the demo accounts cannot show (a contributor without the publish right, a second agent).
 */
export async function signedInMember(
  t: TestApp,
  { firstName, lastName, type, role }: { firstName: string; lastName: string; type: string; role: string },
): Promise<{ id: number; email: string; token: string }> {
  const created = await t.request('POST', '/api/users', {
    as: 'superadmin',
    body: {
      email: `${firstName.toLowerCase()}-${randomUUID()}@test.fr`,
      firstName,
      lastName,
      type,
      roles: [role],
      company: `/api/companies/${t.users.admin.company}`,
    },
  });
  if (created.status !== 201) throw new Error(`Creating ${firstName} answered ${created.status}: ${created.body}`);
  // Created users start in first connection: this one has chosen a password already.
  const [row] = await t.db.query<{ session_version: number }>(
    `UPDATE users SET roles = ARRAY[$2] WHERE id = $1 RETURNING session_version`,
    [created.json.id, role],
  );
  const token = await t.tokens.sign({
    role: [role],
    company: t.users.admin.company,
    employeeId: created.json.id,
    username: created.json.email,
    sid: randomUUID(),
    scope: 'full',
    sv: Number(row.session_version),
  });
  return { id: created.json.id as number, email: created.json.email as string, token };
}
