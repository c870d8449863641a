import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/test/mock-api';
import { getCompanyProfile } from './company-profile';

const mock = mockApi();

describe('getCompanyProfile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when GET /company answers 404, then resolves to null without logging (no profile yet)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mock.onGet('/company').reply(404, fail('Company profile not found', 'NOT_FOUND'));
    await expect(getCompanyProfile()).resolves.toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it('when GET /company fails otherwise, then the failure is logged and rethrown', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mock.onGet('/company').reply(500, fail('Something went wrong'));
    await expect(getCompanyProfile()).rejects.toMatchObject({ status: 500 });
    expect(log).toHaveBeenCalledWith('Failed to load company profile', 'Something went wrong');
  });

  it('when a profile exists, then returns it', async () => {
    mock.onGet('/company').reply(200, ok({ name: 'Smith & Sons' }));
    await expect(getCompanyProfile()).resolves.toEqual({ name: 'Smith & Sons' });
  });
});
