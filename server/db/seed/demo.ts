import type { Database } from '../database.ts';
import { hashPassword } from '../../auth/passwords.ts';

/** The demo accounts README.md and the start-up banner list; all share DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'Demo2026!';
export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.fr', firstName: 'Sophie', lastName: 'Martin', roles: ['ROLE_SUPER_ADMIN'], type: 'admin' },
  { email: 'admin@demo.fr', firstName: 'Antoine', lastName: 'Durand', roles: ['ROLE_ADMIN'], type: 'admin' },
  { email: 'contributeur@demo.fr', firstName: 'Camille', lastName: 'Bernard', roles: ['ROLE_USER'], type: 'contributor' },
] as const;

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(`SELECT n FROM row_counts WHERE table_name = 'users'`);
  return Number(row?.n ?? 0) === 0;
}

export async function seedDemo(db: Database, _options: { dataDir: string }): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [company] = await tx.query<{ id: number }>(`INSERT INTO companies (name) VALUES ('Académie Démo') RETURNING id`);
    for (const account of DEMO_ACCOUNTS)
      await tx.query(
        `INSERT INTO users (email, first_name, last_name, type, roles, company_id, password_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [account.email, account.firstName, account.lastName, account.type, account.roles, company.id, hash],
      );
  });
}
