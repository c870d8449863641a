import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TClient } from '@docket/schemas/client';
import { PEPPOL_MESSAGES } from '@docket/schemas/peppol';
import { renderWithProviders } from '@/test/render';
import { fail, listReply, mockApi, ok } from '@/test/mock-api';
import { ClientsScreen } from './clients-screen';

const mock = mockApi();

const acme: TClient = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Acme Plumbing',
  email: 'hello@acme.co.uk',
  phone: '020 7946 0000',
  address: '1 High Street\nLondon',
  isBusiness: false,
  vatNumber: null,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
};

describe('ClientsScreen', () => {
  it('when loading, then shows placeholders; when there are no clients, then the empty state', async () => {
    mock.onGet('/clients').reply(listReply([]));
    renderWithProviders(<ClientsScreen />);
    expect(screen.getByLabelText('Loading clients')).toBeInTheDocument();
    await screen.findByText('No clients found. Create your first client to get started.');
  });

  it('when a client is a business with a VAT number and a CIS rate, then its card shows all three; a consumer card says Consumer and No email', async () => {
    const contractor: TClient = {
      ...acme,
      id: '11111111-1111-4111-8111-000000000002',
      name: 'Apex Contractors',
      isBusiness: true,
      vatNumber: 'GB987654321',
      cisRate: 20,
    };
    const homeowner: TClient = { ...acme, id: '11111111-1111-4111-8111-000000000003', name: 'Mrs Patel', email: '' };
    mock.onGet('/clients').reply(listReply([contractor, homeowner]));
    renderWithProviders(<ClientsScreen />);
    const card = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;
    await screen.findByRole('link', { name: 'Apex Contractors' });
    expect(within(card('Apex Contractors')).getByText('Business')).toBeInTheDocument();
    expect(within(card('Apex Contractors')).getByText('VAT GB987654321')).toBeInTheDocument();
    expect(within(card('Apex Contractors')).getByText('CIS 20%')).toBeInTheDocument();
    expect(within(card('Mrs Patel')).getByText('Consumer')).toBeInTheDocument();
    expect(within(card('Mrs Patel')).getByText('No email')).toBeInTheDocument();
    expect(within(card('Mrs Patel')).queryByText(/^CIS|^VAT/)).toBeNull();
  });

  it('when the list fails, then shows the error toast and a Try Again that reloads', async () => {
    mock.onGet('/clients').replyOnce(500, {});
    renderWithProviders(<ClientsScreen />);
    await screen.findByRole('button', { name: 'Try Again' });
    await screen.findByText('Error');
    expect(screen.getAllByText('Failed to load clients').length).toBeGreaterThan(0);
    mock.onGet('/clients').reply(listReply([acme]));
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByText('Acme Plumbing');
  });

  it('when the form is submitted empty or with a bad email, then shows the spec messages and sends nothing', async () => {
    mock.onGet('/clients').reply(listReply([]));
    renderWithProviders(<ClientsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Client' }));
    expect(screen.getByRole('heading', { name: 'Add New Client' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await screen.findByText('Name is required');
    // The email is optional (a homeowner may have none), but one that is given must be valid.
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await screen.findByText('Invalid email address');
    expect(mock.history.post).toHaveLength(0);
  });

  it('when a valid client is created, then posts it, toasts and closes the form', async () => {
    mock.onGet('/clients').reply(listReply([]));
    mock.onPost('/clients').reply(201, ok(acme));
    renderWithProviders(<ClientsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Client' }));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Acme Plumbing');
    await userEvent.type(screen.getByLabelText(/^Email/), 'hello@acme.co.uk');
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await screen.findByText('Client created successfully');
    expect(JSON.parse(mock.history.post[0]!.data as string)).toMatchObject({ name: 'Acme Plumbing', email: 'hello@acme.co.uk' });
    expect(screen.queryByRole('heading', { name: 'Add New Client' })).not.toBeInTheDocument();
    // The list is refetched after the mutation.
    await waitFor(() => expect(mock.history.get.filter((r) => r.url === '/clients').length).toBeGreaterThan(1));
  });

  it('when editing, then the form is prefilled and saves with PUT', async () => {
    mock.onGet('/clients').reply(listReply([acme]));
    mock.onPut(`/clients/${acme.id}`).reply(200, ok({ ...acme, name: 'Acme Heating' }));
    renderWithProviders(<ClientsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Acme Plumbing' }));
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveValue('Acme Plumbing');
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Heating');
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await screen.findByText('Client updated successfully');
    expect(JSON.parse(mock.history.put[0]!.data as string)).toMatchObject({ name: 'Acme Heating' });
  });

  it('when a client is given a Peppol ID, then it is posted as {scheme, value}; an ID without a scheme is refused first, naming the scheme', async () => {
    mock.onGet('/clients').reply(listReply([]));
    mock.onPost('/clients').reply(201, ok(acme));
    renderWithProviders(<ClientsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Client' }));
    await userEvent.type(screen.getByLabelText(/^Name/), 'County Hospital Trust');
    await userEvent.type(screen.getByLabelText('Peppol ID'), '5790000435968');
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await screen.findByText(PEPPOL_MESSAGES.scheme);
    expect(mock.history.post).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('Peppol scheme'), '0088');
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await screen.findByText('Client created successfully');
    expect(JSON.parse(mock.history.post[0]!.data as string).peppolId).toEqual({ scheme: '0088', value: '5790000435968' });
  });

  it('when a client with a Peppol ID is edited, then the form shows it, and clearing both fields sends null (which clears it)', async () => {
    const withId = { ...acme, peppolId: { scheme: '0088', value: '5790000435968' } };
    mock.onGet('/clients').reply(listReply([withId]));
    mock.onPut(`/clients/${acme.id}`).reply(200, ok(acme));
    renderWithProviders(<ClientsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Acme Plumbing' }));
    expect(screen.getByLabelText('Peppol scheme')).toHaveValue('0088');
    expect(screen.getByLabelText('Peppol ID')).toHaveValue('5790000435968');
    await userEvent.selectOptions(screen.getByLabelText('Peppol scheme'), '');
    await userEvent.clear(screen.getByLabelText('Peppol ID'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await screen.findByText('Client updated successfully');
    expect(JSON.parse(mock.history.put[0]!.data as string).peppolId).toBeNull();
  });

  it('when delete is cancelled, then nothing is sent; when confirmed and the server refuses with 409, then its text is the error toast', async () => {
    mock.onGet('/clients').reply(listReply([acme]));
    mock.onDelete(`/clients/${acme.id}`).reply(409, fail('This client has quotes, invoices or events and cannot be deleted', 'CONFLICT'));
    renderWithProviders(<ClientsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Acme Plumbing' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this client?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mock.history.delete).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Acme Plumbing' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('This client has quotes, invoices or events and cannot be deleted');
    expect(mock.history.delete).toHaveLength(1);
  });

  it('when delete succeeds, then toasts success', async () => {
    mock.onGet('/clients').reply(listReply([acme]));
    mock.onDelete(`/clients/${acme.id}`).reply(200, ok({ id: acme.id }));
    renderWithProviders(<ClientsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Acme Plumbing' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Client deleted successfully');
  });

  it('when there are more clients than a page, then Load more appends the next page', async () => {
    const clients = Array.from({ length: 22 }, (_, i) => ({ ...acme, id: `11111111-1111-4111-8111-${String(i).padStart(12, '0')}`, name: `Client ${i + 1}` }));
    mock.onGet('/clients').reply(listReply(clients));
    renderWithProviders(<ClientsScreen />);
    await screen.findByText('Client 20');
    expect(screen.queryByText('Client 21')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Client 22');
    expect(within(screen.getByRole('list', { name: 'Clients' })).getAllByRole('listitem')).toHaveLength(22);
    expect(mock.history.get.filter((r) => r.url === '/clients').map((r) => r.params)).toEqual([{ limit: 20 }, { limit: 20, cursor: '20' }]);
  });

  it('when a search is typed, then q is sent; when nothing matches, then the filtered empty state shows', async () => {
    mock.onGet('/clients').reply(listReply([acme]));
    renderWithProviders(<ClientsScreen />);
    await screen.findByText('Acme Plumbing');
    await userEvent.type(screen.getByLabelText('Search'), 'zebra');
    await screen.findByText('No clients match your search.');
    expect(screen.queryByText('No clients found. Create your first client to get started.')).not.toBeInTheDocument();
    expect(mock.history.get.filter((r) => r.url === '/clients').at(-1)!.params).toEqual({ limit: 20, q: 'zebra' });
    await userEvent.clear(screen.getByLabelText('Search'));
    await screen.findByText('Acme Plumbing');
  });
});
