import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TBankAccount, TBankLine } from '@docket/schemas/bank';
import { renderWithProviders } from '@/test/render';
import { mockApi, ok, TEST_USER } from '@/test/mock-api';
import { BankScreen } from './bank-screen';

const mock = mockApi();

const account: TBankAccount = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Business current',
  sortCode: null,
  accountNumber: null,
  csvMapping: null,
  lines: 2,
  unexplained: 2,
  createdAt: '2026-11-26T10:00:00Z',
};
const base = { bankAccountId: account.id, date: '2026-11-26', balance: null, bankTransactionId: null, explained: false, explanation: null, suggestions: [] };
const moneyIn: TBankLine = {
  ...base,
  id: '55555555-5555-4555-8555-555555555555',
  amount: 120,
  description: 'HILDA BAKER INV0001',
  suggestions: [{ invoiceId: '66666666-6666-4666-8666-666666666666', invoiceNumber: 'INV0001', amount: 120, confidence: 1 }],
};
const moneyOut: TBankLine = { ...base, id: '77777777-7777-4777-8777-777777777777', amount: -24, description: 'SCREWFIX DIRECT 1234' };

function setUp(role?: 'ACCOUNTANT') {
  if (role) mock.onGet('/auth/me').reply(200, ok({ ...TEST_USER, account: { id: TEST_USER.id, name: 'Acme', role, engineersSeePrices: false } }));
  mock.onGet('/bank-accounts').reply(200, ok([account]));
  mock.onGet(`/bank-accounts/${account.id}/lines`).reply(200, ok([moneyIn, moneyOut]));
  mock.onGet('/bank-rules').reply(200, ok([]));
  mock.onPost(/\/bank-lines\/.*\/explain/).reply(200, ok({ ...moneyIn, explained: true }));
  mock.onPost('/bank-rules').reply(
    201,
    ok({
      id: '88888888-8888-4888-8888-888888888888',
      match: 'SCREWFIX',
      amount: null,
      supplier: 'Screwfix',
      category: 'COST_OF_GOODS',
      vat: 'STANDARD',
      createdAt: '2026-11-26T10:00:00Z',
    }),
  );
  renderWithProviders(<BankScreen />, role ? { token: 'jwt-1' } : {});
}

describe('BankScreen', () => {
  it('when a suggested match is tapped, then nothing is posted until the dialog confirms it, and Cancel posts nothing', async () => {
    setUp();
    const open = await screen.findByRole('list', { name: 'Lines to explain' });
    await userEvent.click(within(open).getByRole('button', { name: /Match INV0001/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm the match' });
    expect(mock.history.post).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mock.history.post).toHaveLength(0);
    await userEvent.click(within(open).getByRole('button', { name: /Match INV0001/ }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm the match' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment on INV0001' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(mock.history.post[0]!.url).toBe(`/bank-lines/${moneyIn.id}/explain`);
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({
      type: 'INVOICE_PAYMENT',
      allocations: [{ invoiceId: moneyIn.suggestions[0]!.invoiceId, amount: 120 }],
    });
  });

  it('when money out is made an expense with "save as a rule" ticked, then the expense is the money out split at 20% and the rule is saved', async () => {
    setUp();
    const open = await screen.findByRole('list', { name: 'Lines to explain' });
    await userEvent.click(within(open).getByRole('button', { name: 'Make an expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an expense' });
    expect(within(dialog).getByLabelText(/^Supplier/)).toHaveValue('Screwfix Direct');
    await userEvent.click(within(dialog).getByLabelText('Save as a rule for next time'));
    expect(within(dialog).getByLabelText('Lines whose description contains')).toHaveValue('SCREWFIX');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(2));
    expect(JSON.parse(mock.history.post[0]!.data as string)).toMatchObject({
      type: 'EXPENSE',
      expense: { supplier: 'Screwfix Direct', net: 20, vatAmount: 4, vat: 'STANDARD', date: '2026-11-26' },
    });
    expect(JSON.parse(mock.history.post[1]!.data as string)).toEqual({
      match: 'SCREWFIX',
      supplier: 'Screwfix Direct',
      category: 'COST_OF_GOODS',
      vat: 'STANDARD',
    });
  });

  it('when an accountant opens the screen, then the lines and suggestions are shown with no button that records anything', async () => {
    setUp('ACCOUNTANT');
    const open = await screen.findByRole('list', { name: 'Lines to explain' });
    expect(await within(open).findByText('Maybe INV0001 (100% sure)')).toBeInTheDocument();
    expect(within(open).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Import statement' })).not.toBeInTheDocument();
  });

  it('when a bank without a preset is imported, then its header row is offered as columns, the mapping is saved on the account, and the statement imports with it', async () => {
    setUp();
    const mapping = { date: 'Posted', description: 'Details', paidIn: 'In', paidOut: 'Out', dateFormat: 'DD-MM-YYYY' };
    mock.onPut(`/bank-accounts/${account.id}/csv-mapping`).reply(200, ok({ ...account, csvMapping: mapping }));
    mock.onPost(`/bank-accounts/${account.id}/statements`).reply(200, ok({ imported: 2, duplicates: 0, byRules: 0, from: '2031-03-05', to: '2031-03-06' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import statement' }));
    const dialog = await screen.findByRole('dialog', { name: /Import a statement/ });
    const csv = 'Posted,"Details",In,Out\n05-03-2031,J SMITH,"1,200.00",\n06-03-2031,B&Q,,9.99\n';
    await userEvent.upload(within(dialog).getByLabelText(/Statement file/), new File([csv], 'metro.csv', { type: 'text/csv' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Bank (CSV layout)'), 'Another bank: match its columns');
    // Nothing chosen yet: the dialog says what is missing and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import statement' }));
    expect(await within(dialog).findByText(/Choose the date and description columns/)).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
    // The header row, read from the file, is each column select's options.
    await waitFor(() => expect(within(within(dialog).getByLabelText(/^Date column/)).getByRole('option', { name: 'Posted' })).toBeDefined());
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Date column/), 'Posted');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Description column/), 'Details');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Paid in column/), 'In');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Paid out column/), 'Out');
    await userEvent.selectOptions(within(dialog).getByLabelText('Date format'), 'DD-MM-YYYY');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import statement' }));
    await waitFor(() => expect(mock.history.post.filter((r) => r.url?.endsWith('/statements'))).toHaveLength(1));
    expect(JSON.parse(mock.history.put[0]!.data as string)).toEqual({ csvMapping: mapping });
    expect(mock.history.post.find((r) => r.url?.endsWith('/statements'))!.params).toEqual({ format: 'csv', preset: 'mapping' });
  });
});
