import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/test/mock-api';
import { api, apiDelete, apiGet, ApiError, errorMessage, RATE_LIMITED_RESULT, setUnauthorizedHandler, toApiError } from './api-client';

const mock = mockApi();

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('api client', () => {
  it('when a token is stored, then every call carries it as a bearer token', async () => {
    localStorage.setItem('token', 'jwt-abc');
    mock.onGet('/clients').reply((config) => [200, ok(config.headers?.Authorization)]);
    expect(await apiGet('/clients')).toBe('Bearer jwt-abc');
  });

  it('when the server answers 429, then the call resolves to the soft result and a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mock.onGet('/items').reply(429, fail('Too many requests'));
    const response = await api.get<typeof RATE_LIMITED_RESULT>('/items');
    expect(response.data).toEqual(RATE_LIMITED_RESULT);
    expect(response.data.error).toBe('Rate limit exceeded. Please wait a moment and try again.');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('when the server answers 429 through a fetcher, then it fails with the rate-limit text for the toast', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mock.onGet('/items').reply(429);
    const error = await apiGet('/items').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error, 'Failed to load items')).toBe('Rate limit exceeded. Please wait a moment and try again.');
  });

  it('when a 401 arrives off /login with a token stored, then the token is cleared and the app goes to /login', async () => {
    const leave = vi.fn();
    const restore = setUnauthorizedHandler(leave);
    window.history.replaceState(null, '', '/clients');
    localStorage.setItem('token', 'expired');
    mock.onGet('/clients').reply(401, fail('Session expired, please sign in again'));
    await expect(apiGet('/clients')).rejects.toThrow('Session expired, please sign in again');
    expect(localStorage.getItem('token')).toBeNull();
    expect(leave).toHaveBeenCalledTimes(1);
    restore();
  });

  it('when a 401 arrives on /login, then nothing is cleared and nobody is redirected', async () => {
    const leave = vi.fn();
    const restore = setUnauthorizedHandler(leave);
    window.history.replaceState(null, '', '/login');
    localStorage.setItem('token', 'old');
    mock.onPost('/auth/login').reply(401, fail('Invalid email or password'));
    await expect(api.post('/auth/login', {})).rejects.toBeTruthy();
    expect(localStorage.getItem('token')).toBe('old');
    expect(leave).not.toHaveBeenCalled();
    restore();
  });

  it('when a 401 arrives without a stored token, then nobody is redirected', async () => {
    const leave = vi.fn();
    const restore = setUnauthorizedHandler(leave);
    window.history.replaceState(null, '', '/dashboard');
    mock.onGet('/auth/me').reply(401, fail('Authentication required'));
    await expect(apiGet('/auth/me')).rejects.toThrow('Authentication required');
    expect(leave).not.toHaveBeenCalled();
    restore();
  });

  it('when the server sends no error text, then the toast falls back to the screen message', async () => {
    mock.onPost('/clients').reply(502, '<html>proxy error</html>');
    const badGateway = await api.post('/clients', {}).catch((e: unknown) => e);
    mock.onGet('/clients').networkError();
    const offline = await apiGet('/clients').catch((e: unknown) => e);
    expect(errorMessage(badGateway, 'Failed to save client')).toBe('Failed to save client');
    expect(errorMessage(offline, 'Failed to load clients')).toBe('Failed to load clients');
  });

  it('when the server answers 409 with its text, then that text is what the toast shows', async () => {
    mock.onDelete('/clients/1').reply(409, fail('This client has quotes, invoices or events and cannot be deleted', 'CONFLICT'));
    const error = await api.delete('/clients/1').catch((e: unknown) => e);
    expect(errorMessage(error, 'Failed to delete client')).toBe('This client has quotes, invoices or events and cannot be deleted');
  });

  it('when a call sends params and a body, then unset params are left out and the body goes as JSON', async () => {
    mock.onPost('/invoices').reply(201, ok({ id: 'i1' }));
    await api.post('/invoices', { clientId: 'c1' }, { params: { dryRun: 'true', from: undefined } });
    const sent = mock.history.post[0]!;
    expect(sent.params).toEqual({ dryRun: 'true', from: undefined });
    expect(sent.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(sent.data))).toEqual({ clientId: 'c1' });
  });

  it('when a DELETE carries a body, then it is sent as JSON', async () => {
    mock.onDelete('/account').reply(200, ok({ id: 'a1' }));
    expect(await apiDelete('/account', { data: { confirm: 'Bright Sparks' } })).toEqual({ id: 'a1' });
    expect(JSON.parse(String(mock.history.delete[0]!.data))).toEqual({ confirm: 'Bright Sparks' });
  });

  it('when a file is asked for and the server refuses in JSON, then the error carries the server text', async () => {
    mock.onGet('/invoices/i1/preview').reply(409, fail('Create your company profile before generating PDFs', 'CONFLICT'));
    const error = await api.get('/invoices/i1/preview', { responseType: 'blob' }).catch((e: unknown) => e);
    expect(toApiError(error)).toMatchObject({ message: 'Create your company profile before generating PDFs', status: 409, code: 'CONFLICT', fromServer: true });
  });
});
