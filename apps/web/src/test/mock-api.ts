import { afterEach } from 'vitest';
import { setTransport } from '@/lib/api-client';
import type { WireRequest, WireResponse } from '@/lib/http-transport';

/** A request as a handler and `history` see it: `data` is the body as sent (JSON text, or the file). */
export type MockRequest = WireRequest;
type Answer = [status: number, data?: unknown, headers?: Record<string, string>];
type Reply = (request: MockRequest) => Answer | Promise<Answer>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface Handler {
  url: string | RegExp;
  once: boolean;
  reply: Reply;
}

const METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];

function readBlob(blob: Blob): Promise<string> {
  // jsdom's Blob has no text()
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the body'));
    reader.readAsText(blob);
  });
}

/** An answer on the wire: objects as JSON, Blobs as they are, with their type as the content type. */
function wire([status, data, headers = {}]: Answer): WireResponse {
  const named = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  if (data instanceof Blob) {
    return { status, headers: { 'content-type': data.type, ...named }, blob: () => Promise.resolve(data), text: () => readBlob(data) };
  }
  const text = data === undefined ? '' : typeof data === 'string' ? data : JSON.stringify(data);
  const type = typeof data === 'string' ? 'text/plain' : 'application/json';
  return { status, headers: { 'content-type': type, ...named }, blob: () => Promise.resolve(new Blob([text], { type })), text: () => Promise.resolve(text) };
}

/**
 * The network as the web tests see it: the API client's transport answered by handlers, in the
 * manner of axios-mock-adapter (which the suite used before the client moved to fetch). The first
 * handler whose method and URL match answers; `reply` replaces an earlier `reply` for the same URL,
 * `replyOnce` answers once; nothing matching answers 404.
 */
class MockApi {
  readonly history: Record<Method, MockRequest[]> = { get: [], post: [], put: [], patch: [], delete: [] };
  private handlers: Record<Method, Handler[]> = { get: [], post: [], put: [], patch: [], delete: [] };

  onGet = (url: string | RegExp) => this.on('get', url);
  onPost = (url: string | RegExp) => this.on('post', url);
  onPut = (url: string | RegExp) => this.on('put', url);
  onPatch = (url: string | RegExp) => this.on('patch', url);
  onDelete = (url: string | RegExp) => this.on('delete', url);

  reset(): void {
    for (const method of METHODS) {
      this.handlers[method] = [];
      this.history[method] = [];
    }
  }

  async answer(request: MockRequest): Promise<WireResponse> {
    const method = request.method.toLowerCase() as Method;
    this.history[method].push(request);
    const handlers = this.handlers[method];
    const handler = handlers.find((h) => (typeof h.url === 'string' ? h.url === request.url : h.url.test(request.url)));
    if (!handler) return wire([404]);
    if (handler.once) handlers.splice(handlers.indexOf(handler), 1);
    return wire(await handler.reply(request));
  }

  private on(method: Method, url: string | RegExp) {
    const add = (reply: Reply, once: boolean): MockApi => {
      const list = this.handlers[method];
      const same = list.findIndex((h) => !h.once && String(h.url) === String(url) && typeof h.url === typeof url);
      if (!once && same >= 0) list.splice(same, 1, { url, once, reply });
      else list.push({ url, once, reply });
      return this;
    };
    const asReply = (status: number | Reply, data?: unknown, headers?: Record<string, string>): Reply =>
      typeof status === 'function' ? status : () => [status, data, headers];
    const offline: Reply = () => Promise.reject(new TypeError('Failed to fetch'));
    return {
      reply: (status: number | Reply, data?: unknown, headers?: Record<string, string>) => add(asReply(status, data, headers), false),
      replyOnce: (status: number | Reply, data?: unknown, headers?: Record<string, string>) => add(asReply(status, data, headers), true),
      networkError: () => add(offline, false),
      networkErrorOnce: () => add(offline, true),
    };
  }
}

/**
 * Mock the API at the HTTP layer (the client's transport). URLs are relative to /api, e.g.
 * mock.onGet('/clients').reply(200, ok([...])). Call once per test file.
 */
export function mockApi(): MockApi {
  const mock = new MockApi();
  setTransport((request) => mock.answer(request));
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
  return (request: MockRequest): Answer => {
    const params = request.params ?? {};
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
