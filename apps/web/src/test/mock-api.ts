import type { AxiosRequestConfig } from 'axios';
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

export const TEST_USER = { id: '00000000-0000-4000-8000-000000000001', email: 'owner@example.co.uk', name: 'owner', emailVerified: true };

/**
 * A list endpoint as the API answers it (issue 7): the plain array without parameters, else one
 * page {items, nextCursor} after filtering by `status` and by `q` (anywhere in the row's JSON here).
 * The cursor is simply the offset of the next row. Use: mock.onGet('/quotes').reply(listReply(rows)).
 */
export function listReply<T extends object>(rows: readonly T[]) {
  return (config: AxiosRequestConfig): [number, unknown] => {
    const params = (config.params ?? {}) as Record<string, string | number | undefined>;
    if (Object.values(params).every((v) => v === undefined)) return [200, ok(rows)];
    const q = String(params.q ?? '').toLowerCase();
    const matching = rows.filter(
      (row) => (!params.status || (row as { status?: string }).status === params.status) && (!q || JSON.stringify(row).toLowerCase().includes(q)),
    );
    const start = Number(params.cursor ?? 0);
    const end = start + Number(params.limit ?? 50);
    return [200, ok({ items: matching.slice(start, end), nextCursor: end < matching.length ? String(end) : null })];
  };
}
