import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TItem } from '@docket/schemas/item';
import { renderWithProviders } from '@/test/render';
import { fail, listReply, mockApi, ok } from '@/test/mock-api';
import { ItemsScreen } from './items-screen';

const mock = mockApi();

const boiler: TItem = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Boiler service',
  description: 'Annual gas boiler service',
  price: 1234.5,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
};

describe('ItemsScreen', () => {
  it('when there are no items, then shows the empty state under the title', async () => {
    mock.onGet('/items').reply(listReply([]));
    mock.onGet('/company').reply(404, fail('Company profile not found'));
    renderWithProviders(<ItemsScreen />);
    expect(screen.getByRole('heading', { name: 'Items' })).toBeInTheDocument();
    expect(screen.getByText('Manage your products and services')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading items')).toBeInTheDocument();
    await screen.findByText('No items found. Create your first item to get started.');
  });

  it('when items exist, then shows name, description and the price in the company currency', async () => {
    mock.onGet('/items').reply(listReply([boiler]));
    mock.onGet('/company').reply(200, ok({ currencySymbol: '€' }));
    renderWithProviders(<ItemsScreen />);
    await screen.findByText('Boiler service');
    expect(screen.getByText('Annual gas boiler service')).toBeInTheDocument();
    await screen.findByText('€1,234.50');
  });

  it('when an item has a unit, a VAT rate and a kind, then its card shows them', async () => {
    const labour: TItem = {
      ...boiler,
      id: '22222222-2222-4222-8222-000000000003',
      name: 'Electrician',
      price: 45,
      unit: 'hour',
      vat: 'STANDARD',
      kind: 'LABOUR',
    };
    const exempt: TItem = { ...boiler, id: '22222222-2222-4222-8222-000000000004', name: 'Cable', price: 12, vat: 'EXEMPT', kind: 'MATERIALS' };
    mock.onGet('/items').reply(listReply([labour, exempt]));
    mock.onGet('/company').reply(200, ok({ currencySymbol: '£' }));
    renderWithProviders(<ItemsScreen />);
    const card = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;
    await screen.findByRole('heading', { name: 'Electrician' });
    expect(within(card('Electrician')).getByText('per hour')).toBeInTheDocument();
    expect(within(card('Electrician')).getByText('VAT 20%')).toBeInTheDocument();
    expect(within(card('Electrician')).getByText('Labour')).toBeInTheDocument();
    expect(within(card('Cable')).getByText('VAT exempt')).toBeInTheDocument();
    expect(within(card('Cable')).getByText('Materials')).toBeInTheDocument();
  });

  it('when the list fails, then shows "Failed to load items" with Try Again', async () => {
    mock.onGet('/items').reply(500, {});
    mock.onGet('/company').reply(404, {});
    renderWithProviders(<ItemsScreen />);
    await screen.findByRole('button', { name: 'Try Again' });
    expect(screen.getAllByText('Failed to load items').length).toBeGreaterThan(0);
  });

  it('when the form is submitted empty, then shows the spec messages', async () => {
    mock.onGet('/items').reply(listReply([]));
    mock.onGet('/company').reply(404, {});
    renderWithProviders(<ItemsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    expect(screen.getByRole('heading', { name: 'Add New Item' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Price/));
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    await screen.findByText('Name is required');
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Price must be non-negative')).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
  });

  it('when the price is negative, then shows "Price must be non-negative"', async () => {
    mock.onGet('/items').reply(listReply([]));
    mock.onGet('/company').reply(404, {});
    renderWithProviders(<ItemsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Labour');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Per hour');
    await userEvent.clear(screen.getByLabelText(/^Price/));
    await userEvent.type(screen.getByLabelText(/^Price/), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    await screen.findByText('Price must be non-negative');
    expect(mock.history.post).toHaveLength(0);
  });

  it('when a valid item is created, then posts the price as a number and toasts', async () => {
    mock.onGet('/items').reply(listReply([]));
    mock.onGet('/company').reply(404, {});
    mock.onPost('/items').reply(201, ok(boiler));
    renderWithProviders(<ItemsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Boiler service');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Annual gas boiler service');
    await userEvent.clear(screen.getByLabelText(/^Price/));
    await userEvent.type(screen.getByLabelText(/^Price/), '1234.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    await screen.findByText('Item created successfully');
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({
      name: 'Boiler service',
      description: 'Annual gas boiler service',
      price: 1234.5,
    });
  });

  it('when delete is confirmed, then asks with the spec text and toasts success', async () => {
    mock.onGet('/items').reply(listReply([boiler]));
    mock.onGet('/company').reply(404, {});
    mock.onDelete(`/items/${boiler.id}`).reply(200, ok({ id: boiler.id }));
    renderWithProviders(<ItemsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Boiler service' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Item deleted successfully');
  });

  it('when a search is typed, then q is sent and matches show; when nothing matches, then the filtered empty state shows', async () => {
    const labour: TItem = { ...boiler, id: '22222222-2222-4222-8222-000000000002', name: 'Labour', description: 'Per hour' };
    mock.onGet('/items').reply(listReply([boiler, labour]));
    mock.onGet('/company').reply(404, fail('Company profile not found'));
    renderWithProviders(<ItemsScreen />);
    await screen.findByText('Boiler service');
    await userEvent.type(screen.getByLabelText('Search'), 'labour');
    await waitFor(() => expect(screen.queryByText('Boiler service')).not.toBeInTheDocument());
    expect(screen.getByText('Labour')).toBeInTheDocument();
    expect(mock.history.get.filter((r) => r.url === '/items').map((r) => r.params)).toEqual([{ limit: 20 }, { limit: 20, q: 'labour' }]);
    await userEvent.type(screen.getByLabelText('Search'), ' and more');
    await screen.findByText('No items match your search.');
    expect(screen.queryByText('No items found. Create your first item to get started.')).not.toBeInTheDocument();
  });
});
