/**
 * What the API client needs of the network: one request out, a status, headers and a body back.
 * In the browser that is fetch; the web tests swap in a mock (src/test/mock-api.ts) so that the
 * client's own rules (token, 401, 429, error bodies) still run against canned answers.
 */
export interface WireRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** relative to /api, as the caller wrote it (without the query string) */
  url: string;
  params?: Record<string, string | number | boolean | null | undefined>;
  headers: Record<string, string>;
  /** a JSON body already serialised, or a file as it is */
  data?: string | Blob;
  signal?: AbortSignal;
}

export interface WireResponse {
  status: number;
  /** lower-case names */
  headers: Record<string, string>;
  blob(): Promise<Blob>;
  text(): Promise<string>;
}

export type Transport = (request: WireRequest) => Promise<WireResponse>;

/** The path with `params` added to its query: unset values left out, as the API reads an absent filter. */
export function withQuery(url: string, params: WireRequest['params']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

export const fetchTransport: Transport = async (request) => {
  const response = await fetch(`/api${withQuery(request.url, request.params)}`, {
    method: request.method,
    headers: request.headers,
    body: request.data,
    signal: request.signal,
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { status: response.status, headers, blob: () => response.blob(), text: () => response.text() };
};
