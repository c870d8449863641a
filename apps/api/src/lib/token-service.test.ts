import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './token-service.ts';

const SECRET = 'unit-test-secret-that-is-long-enough-for-hs256-0123';
const USER = '3f1e2d4c-1111-4222-8333-444455556666';

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenService.verify', () => {
  it('when the same token is verified again, then it still names its user', () => {
    const tokens = new TokenService(SECRET, '7d');
    const token = tokens.sign(USER);
    expect(tokens.verify(token)).toEqual({ ok: true, userId: USER, version: 0, accountId: null, sessionKey: null });
    expect(tokens.verify(token)).toEqual({ ok: true, userId: USER, version: 0, accountId: null, sessionKey: null });
  });

  it('when a token that verified earlier passes its expiry, then it is reported expired', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const tokens = new TokenService(SECRET, '1h');
    const token = tokens.sign(USER);
    expect(tokens.verify(token).ok).toBe(true);
    vi.setSystemTime(new Date('2026-03-01T10:59:59Z'));
    expect(tokens.verify(token).ok).toBe(true);
    vi.setSystemTime(new Date('2026-03-01T11:00:00Z'));
    expect(tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('when a token was signed with another secret or altered, then it is invalid', () => {
    const tokens = new TokenService(SECRET, '7d');
    const good = tokens.sign(USER);
    expect(tokens.verify(good).ok).toBe(true);
    const foreign = new TokenService(`${SECRET}-other`, '7d').sign(USER);
    expect(tokens.verify(foreign)).toEqual({ ok: false, reason: 'invalid' });
    const [header, , signature] = good.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: 'someone-else', exp: 4_102_444_800 })).toString('base64url');
    expect(tokens.verify(`${header}.${otherPayload}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('when more distinct tokens are verified than are remembered, then each still verifies', () => {
    const tokens = new TokenService(SECRET, '7d');
    const issued = Array.from({ length: 10_050 }, (_, i) => tokens.sign(`3f1e2d4c-1111-4222-8333-${String(i).padStart(12, '0')}`));
    for (const t of issued) expect(tokens.verify(t).ok).toBe(true);
    expect(tokens.verify(issued[0]!)).toEqual({ ok: true, userId: '3f1e2d4c-1111-4222-8333-000000000000', version: 0, accountId: null, sessionKey: null });
    expect(tokens.verify(issued[10_049]!).ok).toBe(true);
  });
});

describe('TokenService sessions for an account', () => {
  it('when a token names an account, then verify answers the account and the membership key, also from memory', () => {
    const tokens = new TokenService('0123456789abcdef0123456789abcdef0123456789abcdef', '1h');
    const account = { accountId: '3f1e2d4c-1111-4222-8333-000000000001', sessionKey: '3f1e2d4c-1111-4222-8333-000000000002' };
    const token = tokens.sign('3f1e2d4c-1111-4222-8333-000000000000', 2, account);
    const expected = { ok: true, userId: '3f1e2d4c-1111-4222-8333-000000000000', version: 2, ...account };
    expect(tokens.verify(token)).toEqual(expected);
    expect(tokens.verify(token)).toEqual(expected);
  });
});
