import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { mockApi, ok } from '@/test/mock-api';
import { DataTransferScreen } from './data-transfer-screen';

const mock = mockApi();

describe('DataTransferScreen', () => {
  it('when the account has exports, then "Recent exports" lists each with the member who made it (none for older ones)', async () => {
    mock.onGet('/exports').reply(
      200,
      ok([
        {
          id: '00000000-0000-4000-8000-000000000031',
          file: 'invoices',
          from: '2026-04-01',
          to: '2026-06-30',
          createdAt: '2026-07-02T09:00:00.000Z',
          by: { userId: '00000000-0000-4000-8000-000000000002', email: 'sam@example.co.uk', name: 'Sam Spark' },
        },
        { id: '00000000-0000-4000-8000-000000000032', file: 'account', from: null, to: null, createdAt: '2026-07-01T09:00:00.000Z' },
      ]),
    );
    renderWithProviders(<DataTransferScreen />);
    const items = within(await screen.findByRole('list', { name: 'Recent exports' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Invoices CSV.*by Sam Spark/);
    expect(items[1]).toHaveTextContent('Everything (.zip)');
    expect(items[1]).not.toHaveTextContent(' by ');
  });
});
