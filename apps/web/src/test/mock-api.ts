import MockAdapter from 'axios-mock-adapter';
import { afterEach } from 'vitest';
import { api } from '@/lib/api-client';

/**
 * Mock the API at the HTTP layer (the shared axios instance). URLs are relative to /api,
 * e.g. mock.onGet('/clients').reply(200, ok([...])). Call once per test file.
 */
export function mockApi(): MockAdapter {
  const mock = new MockAdapter(api);
  afterEach(() => mock.reset());
  return mock;
}

/** The success envelope every API answer uses. */
export const ok = <T>(data: T) => ({ success: true as const, data });
/** The failure envelope. */
export const fail = (error: string, code?: string) => ({ success: false as const, error, ...(code ? { code } : {}) });

export const TEST_USER = { id: '00000000-0000-4000-8000-000000000001', email: 'owner@example.co.uk' };
