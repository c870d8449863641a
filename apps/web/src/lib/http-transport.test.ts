import { describe, expect, it } from 'vitest';
import { withQuery } from './http-transport';

describe('withQuery', () => {
  it('when params are given, then set ones are encoded and unset ones left out', () => {
    expect(withQuery('/invoices', { status: 'SENT', q: 'Smith & Son', clientId: undefined, cursor: null, limit: 50 })).toBe(
      '/invoices?status=SENT&q=Smith+%26+Son&limit=50',
    );
  });

  it('when the path has a query already, then params are added to it', () => {
    expect(withQuery('/invoices/1/preview?format=facturx', { download: true })).toBe('/invoices/1/preview?format=facturx&download=true');
  });

  it('when no param is set, then the path is unchanged', () => {
    expect(withQuery('/clients', { from: undefined })).toBe('/clients');
    expect(withQuery('/clients', undefined)).toBe('/clients');
  });
});
