import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TExpense } from '@docket/schemas/expense';
import { renderWithProviders } from '@/test/render';
import { listReply, mockApi, ok } from '@/test/mock-api';
import { ExpensesScreen } from './expenses-screen';

const mock = mockApi();

const saved: TExpense = {
  id: '33333333-3333-4333-8333-333333333333',
  date: '2026-11-26',
  supplier: 'Screwfix',
  description: null,
  category: 'COST_OF_GOODS',
  allowable: true,
  net: 20,
  vat: 'STANDARD',
  vatAmount: 4,
  total: 24,
  paidFrom: 'CARD',
  clientId: null,
  receipt: null,
  createdAt: '2026-11-26T10:00:00Z',
  updatedAt: '2026-11-26T10:00:00Z',
};

describe('ExpensesScreen', () => {
  it('when a photo, a total of 24.00 at 20% VAT and a supplier are saved, then the expense is posted as £20 net and £4 VAT and the photo is put as its receipt', async () => {
    mock.onGet('/expenses').reply(listReply([]));
    mock.onPost('/expenses').reply(201, ok(saved));
    mock.onPut(`/expenses/${saved.id}/receipt`).reply(200, ok({ ...saved, receipt: { mimeType: 'image/png', bytes: 4 } }));
    renderWithProviders(<ExpensesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add expense' }));
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'till.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Take a photo of the receipt'), photo);
    expect(screen.getByText('Photo: till.png (tap to change)')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Total paid/), '24');
    expect(screen.getByText('Net £20.00 + VAT £4.00 to reclaim')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Supplier/), 'Screwfix');
    await userEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0]!.data as string)).toMatchObject({
      supplier: 'Screwfix',
      category: 'COST_OF_GOODS',
      vat: 'STANDARD',
      net: 20,
      vatAmount: 4,
      paidFrom: 'CARD',
    });
    expect(mock.history.put[0]!.headers?.['Content-Type']).toBe('image/png');
  });

  it('when the form is saved empty, then it says the supplier and the total are missing and posts nothing', async () => {
    mock.onGet('/expenses').reply(listReply([]));
    renderWithProviders(<ExpensesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add expense' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    await screen.findByText('Supplier is required');
    expect(screen.getByText('Total must be an amount in pounds, 0 or more, with at most 2 decimals')).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
  });
});
