import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';

export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * HS256 tokens. The secret becomes a KeyObject once: jsonwebtoken re-derives a key from a
 * string secret on every verify, which costs far more than the HMAC itself.
 */
export class TokenService {
  private readonly key: KeyObject;
  constructor(
    secret: string,
    private readonly expiresIn: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(userId: string): string {
    return jwt.sign({}, this.key, {
      algorithm: 'HS256',
      subject: userId,
      expiresIn: this.expiresIn as jwt.SignOptions['expiresIn'],
    });
  }

  verify(token: string): TokenCheck {
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload === 'string' || typeof payload.sub !== 'string') return { ok: false, reason: 'invalid' };
      return { ok: true, userId: payload.sub };
    } catch (err) {
      return { ok: false, reason: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
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
