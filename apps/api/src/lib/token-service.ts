import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';

/** `accountId`/`sessionKey`: the account the session works in and its membership's key (null in tokens signed before accounts). */
export type TokenCheck =
  { ok: true; userId: string; version: number; accountId: string | null; sessionKey: string | null } | { ok: false; reason: 'expired' | 'invalid' };

/** The account a session works in: a role change or removal changes or deletes the membership's key. */
export interface SessionAccount {
  accountId: string;
  sessionKey: string;
}

const VERIFIED_CACHE_MAX = 10_000;

/**
 * HS256 tokens. The secret becomes a KeyObject once: jsonwebtoken re-derives a key from a
 * string secret on every verify, which costs far more than the HMAC itself.
 */
export class TokenService {
  private readonly key: KeyObject;
  private readonly verified = new Map<string, { userId: string; version: number; accountId: string | null; sessionKey: string | null; expiresAtMs: number }>();
  constructor(
    secret: string,
    private readonly expiresIn: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** `version` is the user's token version: a password reset raises it and older tokens stop working. */
  sign(userId: string, version = 0, account?: SessionAccount): string {
    const claims: Record<string, unknown> = version ? { ver: version } : {};
    if (account) {
      claims.acc = account.accountId;
      claims.key = account.sessionKey;
    }
    return jwt.sign(claims, this.key, {
      algorithm: 'HS256',
      subject: userId,
      expiresIn: this.expiresIn as jwt.SignOptions['expiresIn'],
    });
  }

  /** The link that verifies an account's email address: for that address only, 7 days, never a session. */
  signVerification(userId: string, email: string): string {
    return jwt.sign({ pur: 'verify-email', em: email.toLowerCase() }, this.key, { algorithm: 'HS256', subject: userId, expiresIn: '7d' });
  }

  checkVerification(token: string): { userId: string; email: string } | null {
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'] });
      if (
        typeof payload === 'string' ||
        payload.pur !== 'verify-email' ||
        typeof payload.sub !== 'string' ||
        typeof payload.em !== 'string' ||
        typeof payload.exp !== 'number'
      )
        return null;
      return { userId: payload.sub, email: payload.em };
    } catch {
      return null;
    }
  }

  verify(token: string): TokenCheck {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs)
        return { ok: true, userId: known.userId, version: known.version, accountId: known.accountId, sessionKey: known.sessionKey };
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'] });
      // Every session ends: a token without an expiry is refused even when its signature is ours.
      // A purpose token (an email verification link) is never a session.
      if (typeof payload === 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || payload.pur !== undefined) {
        return { ok: false, reason: 'invalid' };
      }
      const version = typeof payload.ver === 'number' && Number.isInteger(payload.ver) ? payload.ver : 0;
      const accountId = typeof payload.acc === 'string' ? payload.acc : null;
      const sessionKey = typeof payload.key === 'string' ? payload.key : null;
      this.remember(token, { userId: payload.sub, version, accountId, sessionKey, expiresAtMs: payload.exp * 1000 });
      return { ok: true, userId: payload.sub, version, accountId, sessionKey };
    } catch (err) {
      return { ok: false, reason: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
  }

  /**
   * Every request verifies its token, and a session sends the same token thousands of times:
   * jsonwebtoken's decode, claim checks and HMAC cost about 10 µs each time (pnpm bench), a
   * lookup well under 1. Only tokens that verified against our key are kept, each until its
   * own expiry; the oldest entry goes once the map is full, so memory stays bounded.
   */
  private remember(token: string, entry: { userId: string; version: number; accountId: string | null; sessionKey: string | null; expiresAtMs: number }) {
    if (this.verified.size >= VERIFIED_CACHE_MAX) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, entry);
  }
}

/** Development only: a random secret kept in DATA_DIR so sessions survive a restart. */
export function loadOrCreateDevSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
