import { ERROR_MESSAGES, type TApiFailure, type TApiResponse } from '@docket/schemas/errors';
import { fetchTransport, type Transport, type WireRequest, type WireResponse } from './http-transport';
import { markSessionExpired } from './session-notice';

export const TOKEN_KEY = 'token';

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);

/** The soft result a 429 turns into (docs/product.md, "Error catalogue"): callers see a failure, never a throw from transport. */
export const RATE_LIMITED_RESULT: TApiFailure = { success: false, error: ERROR_MESSAGES.rateLimited, code: 'RATE_LIMITED' };

/** An API failure with the server's error text (or a fallback) and the HTTP status. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly details: Record<string, string> | undefined;
  /** True when the server sent its own error text (toasts prefer it over the screen's fallback). */
  readonly fromServer: boolean;

  constructor(message: string, opts: { status?: number; code?: string; details?: Record<string, string>; fromServer?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
    this.details = opts.details;
    this.fromServer = opts.fromServer ?? false;
  }
}

export interface RequestConfig {
  params?: WireRequest['params'];
  headers?: Record<string, string>;
  /** 'blob' for files (PDF, CSV, receipts); JSON otherwise */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
}

/** A DELETE's body rides in its config, as the other verbs' is their second argument. */
type DeleteConfig = RequestConfig & { data?: unknown };

export interface HttpResponse<T> {
  status: number;
  data: T;
  /** lower-case names */
  headers: Record<string, string>;
}

/** A request that got no answer (`response` absent) or an answer of 400 and above. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly response?: HttpResponse<unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => window.location.assign('/login');

/** The session layer registers how to leave for /login (router navigation instead of a reload). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = onUnauthorized;
  onUnauthorized = handler;
  return () => {
    onUnauthorized = previous;
  };
}

let transport: Transport = fetchTransport;

/** The web tests' mock of the network (src/test/mock-api.ts); answers `restore` to put fetch back. */
export function setTransport(next: Transport): () => void {
  transport = next;
  return () => {
    transport = fetchTransport;
  };
}

/** A body as the client sends it: files as they are, anything else as JSON. */
function encode(data: unknown): { body?: string | Blob; contentType?: string } {
  if (data === undefined) return {};
  if (data instanceof Blob) return { body: data };
  return { body: JSON.stringify(data), contentType: 'application/json' };
}

/** A file when one was asked for and the answer is not a failure; else JSON where it parses, else the text. */
async function decode(wire: WireResponse, responseType: RequestConfig['responseType']): Promise<unknown> {
  if (responseType === 'blob' && wire.status < 400) return wire.blob();
  const text = await wire.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send<T>(method: WireRequest['method'], url: string, data: unknown, config: RequestConfig = {}): Promise<HttpResponse<T>> {
  const { body, contentType } = encode(data);
  const headers: Record<string, string> = { ...(contentType ? { 'Content-Type': contentType } : {}), ...config.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let wire: WireResponse;
  try {
    wire = await transport({ method, url, params: config.params, headers, data: body, signal: config.signal });
  } catch (error) {
    // react-query cancels with the signal it passed: its abort stays an abort
    if (config.signal?.aborted) throw error;
    throw new HttpError('Network Error');
  }
  const response: HttpResponse<unknown> = { status: wire.status, headers: wire.headers, data: await decode(wire, config.responseType) };
  if (wire.status === 429) {
    console.warn(`Rate limited: ${method} ${url}`);
    return { ...response, data: RATE_LIMITED_RESULT as T };
  }
  if (wire.status >= 400) {
    if (wire.status === 401 && window.location.pathname !== '/login' && getToken()) {
      markSessionExpired();
      clearToken();
      onUnauthorized();
    }
    throw new HttpError(`Request failed with status code ${wire.status}`, response);
  }
  return response as HttpResponse<T>;
}

/** The whole answer (status, headers, body): for files; JSON calls go through `request` and its helpers. */
export const api = {
  get: <T>(url: string, config?: RequestConfig) => send<T>('GET', url, undefined, config),
  post: <T>(url: string, data?: unknown, config?: RequestConfig) => send<T>('POST', url, data, config),
  put: <T>(url: string, data?: unknown, config?: RequestConfig) => send<T>('PUT', url, data, config),
  patch: <T>(url: string, data?: unknown, config?: RequestConfig) => send<T>('PATCH', url, data, config),
  delete: <T>(url: string, config?: DeleteConfig) => send<T>('DELETE', url, config?.data, config),
};

/** Turn any thrown value (HTTP error, soft result, plain Error) into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpError) {
    const body = error.response?.data as Partial<TApiFailure> | undefined;
    const serverText = typeof body?.error === 'string' && body.error ? body.error : undefined;
    return new ApiError(serverText ?? error.message, {
      status: error.response?.status,
      code: body?.code,
      details: body?.details,
      fromServer: Boolean(serverText),
    });
  }
  if (error instanceof Error) return new ApiError(error.message);
  return new ApiError(String(error));
}

/** Send a request and return body.data; a `success: false` body (e.g. the 429 soft result) throws ApiError. */
async function request<T>(method: WireRequest['method'], url: string, data: unknown, config?: RequestConfig): Promise<T> {
  let response: HttpResponse<TApiResponse<T> | undefined>;
  try {
    response = await send<TApiResponse<T> | undefined>(method, url, data, config);
  } catch (error) {
    throw toApiError(error);
  }
  // DELETE may answer 204 with no body.
  if (response.status === 204) return undefined as T;
  const body = response.data;
  if (!body || typeof body !== 'object' || body.success !== true) {
    const failure = body as TApiFailure | undefined;
    throw new ApiError(failure?.error ?? 'Request failed', {
      status: response.status,
      code: failure?.code,
      details: failure?.details,
      fromServer: Boolean(failure?.error),
    });
  }
  return body.data;
}

export const apiGet = <T>(url: string, config?: RequestConfig) => request<T>('GET', url, undefined, config);
export const apiPost = <T>(url: string, data?: unknown, config?: RequestConfig) => request<T>('POST', url, data, config);
export const apiPut = <T>(url: string, data?: unknown, config?: RequestConfig) => request<T>('PUT', url, data, config);
export const apiPatch = <T>(url: string, data?: unknown, config?: RequestConfig) => request<T>('PATCH', url, data, config);
export const apiDelete = <T = unknown>(url: string, config?: DeleteConfig) => request<T>('DELETE', url, config?.data, config);

/** The message for an error toast: the server's text when present, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const apiError = toApiError(error);
  return apiError.fromServer ? apiError.message : fallback;
}
