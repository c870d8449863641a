import { describe, expect, it } from 'vitest';
import { createSecretBox, keyHint } from './secrets.ts';

describe('secret box', () => {
  const box = createSecretBox('k'.repeat(40));
  it('when a secret is sealed, then it opens to the same text and the sealed text does not contain it', () => {
    const sealed = box.seal('sk_test_abcdef123456');
    expect(sealed).not.toContain('sk_test');
    expect(box.open(sealed)).toBe('sk_test_abcdef123456');
  });
  it('when the same secret is sealed twice, then the two sealed texts differ (fresh IV)', () => {
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });
  it('when another key or a changed byte opens it, then it throws', () => {
    const sealed = box.seal('whsec_1');
    expect(() => createSecretBox('z'.repeat(40)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });
  it('when the key is too short, then building the box throws naming SECRETS_KEY', () => {
    expect(() => createSecretBox('short')).toThrow(/SECRETS_KEY/);
  });
  it('when a hint is made, then it shows only the last four characters', () => {
    expect(keyHint('sk_test_abcdef1234')).toBe('…1234');
  });
});
