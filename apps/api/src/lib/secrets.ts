import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (payment provider keys): AES-256-GCM under a key derived from SECRETS_KEY.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key rotation can add v2.
 * The GCM tag makes a tampered or wrongly-keyed value fail to open instead of opening to junk.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export const SECRETS_KEY_MIN = 32;

export function createSecretBox(secretsKey: string): SecretBox {
  if (secretsKey.length < SECRETS_KEY_MIN) throw new Error(`SECRETS_KEY must be at least ${SECRETS_KEY_MIN} characters`);
  const key = createHash('sha256').update(`docket-secrets:${secretsKey}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** What an answer may show of a secret: its last four characters. */
export const keyHint = (secret: string) => `…${secret.slice(-4)}`;
