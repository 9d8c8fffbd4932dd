import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { InvitedCompany } from '../../src/domain/onboarding.ts';

/** A company's id travels base64url-encoded in invitation links, beside its invitation key. */
export const encodeCompanyId = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeCompanyId(encoded: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(encoded)) return undefined;
  const id = Number(Buffer.from(encoded, 'base64url').toString('utf8'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();
// Compared when no company has the id, so that the answer's timing does not tell which ids exist.
const NO_KEY = randomBytes(32).toString('base64url');

/**
 * The company an invitation link names, when its key is the right one. The keys are compared by their
 * digests in constant time: neither the key's characters nor the id's existence leak through timing.
 */
export async function companyByInvitation(
  db: Queryable,
  encodedId: string,
  key: string,
): Promise<InvitedCompany | undefined> {
  const id = decodeCompanyId(encodedId);
  const [row] =
    id === undefined
      ? []
      : await db.query<InvitedCompany & { invitation_key: string | null }>(
          `SELECT id, name, siret, email, phone, address, postcode, city, country_id AS country, invitation_key
       FROM companies WHERE id = $1`,
          [id],
        );
  const right = timingSafeEqual(digest(row?.invitation_key ?? NO_KEY), digest(key));
  if (!row?.invitation_key || !right) return undefined;
  const { invitation_key: _key, ...company } = row;
  return company;
}
