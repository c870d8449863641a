import axios, { isAxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { ERROR_MESSAGES, type TApiFailure, type TApiResponse } from '@docket/schemas/errors';
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

export const api = axios.create({
  baseURL: '/api',
  headers: { 'Content-Type': 'application/json' },
});

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    if (isAxiosError(error) && error.response) {
      const { status } = error.response;
      if (status === 429) {
        console.warn(`Rate limited: ${error.config?.method?.toUpperCase() ?? ''} ${error.config?.url ?? ''}`);
        const soft: AxiosResponse<TApiFailure> = { ...error.response, data: RATE_LIMITED_RESULT };
        return Promise.resolve(soft);
      }
      if (status === 401 && window.location.pathname !== '/login' && getToken()) {
        markSessionExpired();
        clearToken();
        onUnauthorized();
      }
    }
    return Promise.reject(error);
  },
);

/** Turn any thrown value (axios error, soft result, plain Error) into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
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
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  let response: AxiosResponse<TApiResponse<T>>;
  try {
    response = await api.request<TApiResponse<T>>(config);
  } catch (error) {
    throw toApiError(error);
  }
  // DELETE may answer 204 with no body.
  if (response.status === 204) return undefined as T;
  const body = response.data;
  if (!body || body.success !== true) {
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

export const apiGet = <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'GET', url });
export const apiPost = <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'POST', url, data });
export const apiPut = <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'PUT', url, data });
export const apiPatch = <T>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'PATCH', url, data });
export const apiDelete = <T = unknown>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'DELETE', url });

/** The message for an error toast: the server's text when present, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const apiError = toApiError(error);
  return apiError.fromServer ? apiError.message : fallback;
}
