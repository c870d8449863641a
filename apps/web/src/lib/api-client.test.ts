import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/test/mock-api';
import { AxiosError } from 'axios';
import { api, apiGet, ApiError, errorMessage, RATE_LIMITED_RESULT, setUnauthorizedHandler, toApiError } from './api-client';

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
    const response = await api.get('/items');
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

  it('when an axios error comes from another copy of axios (not an AxiosError instance), then it still reads the server text', () => {
    // Mock adapters and bundling can hand over errors built by a different axios class: only the
    // isAxiosError flag is reliable, so toApiError must not depend on instanceof.
    const foreign = Object.assign(new Error('Request failed with status code 409'), {
      isAxiosError: true,
      response: { status: 409, data: fail('Quote number already taken', 'CONFLICT') },
    });
    expect(foreign).not.toBeInstanceOf(AxiosError);
    const error = toApiError(foreign);
    expect(error).toMatchObject({ message: 'Quote number already taken', status: 409, code: 'CONFLICT', fromServer: true });
    expect(errorMessage(foreign, 'Failed to save quote')).toBe('Quote number already taken');
  });
});
