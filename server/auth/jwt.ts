import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../shared/errors.ts';
import { Lru } from '../shared/lru.ts';

/** The access token's payload, as API.md fixes it. */
export interface AccessClaims {
  role: string[];
  company: number | null;
  employeeId: number;
  username: string;
  /** The session (refresh-token family) this token belongs to. */
  sid: string;
  /** The session's step: full, or restricted to the code or the new password. */
  scope: 'full' | 'code' | 'password';
  /** The user's session version when the token was issued (server/auth/sessionVersions.ts); 0 when absent. */
  sv?: number;
  exp: number;
  iat: number;
}

export class TokenService {
  // A token already verified needs no second HMAC: same bytes, same signature. Kept until it expires.
  private readonly verified = new Lru<string, AccessClaims>(10_000);

  constructor(
    private readonly secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {}

  sign(claims: Omit<AccessClaims, 'exp' | 'iat'>): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.secret);
  }

  /** Answers the claims, or throws Lexik's 401 ("Expired JWT Token" / "Invalid JWT Token"). */
  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Date.now() / 1000) return known;
      throw unauthorized('Expired JWT Token');
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      if (!Array.isArray(payload.role) || typeof payload.employeeId !== 'number' || typeof payload.sid !== 'string')
        throw unauthorized('Invalid JWT Token');
      const claims = payload as unknown as AccessClaims;
      this.verified.set(token, claims);
      return claims;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized('Expired JWT Token');
      throw unauthorized('Invalid JWT Token');
    }
  }
}

/** JWT_SECRET when set; otherwise a secret generated once and kept in the data folder, so restarts keep sessions. */
export async function loadSecret(configured: string | undefined, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = join(dataDir, 'jwt-secret');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  } catch {
    const secret = randomBytes(48);
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, secret.toString('base64'), { mode: 0o600 });
    return secret;
  }
}
