import { Users } from 'lucide-react';
import type { TClient, TClientRequest } from '@docket/schemas/client';
import { RecordsScreen, type TRecordsScreenTexts } from '@/components/lists/records-screen';
import { useCreateClient } from '../api/create-client';
import { useDeleteClient } from '../api/delete-client';
import { useClientsPages } from '../api/get-clients-page';
import { useUpdateClient } from '../api/update-client';
import { ClientCard } from './client-card';
import { ClientForm } from './client-form';

const TEXTS: TRecordsScreenTexts = {
  title: 'Clients',
  subtitle: 'Manage your client information',
  addButton: 'Add Client',
  searchPlaceholder: 'Name or email',
  list: 'Clients',
  loading: 'Loading clients',
  loadFailed: 'Failed to load clients',
  empty: 'No clients found. Create your first client to get started.',
  filteredEmpty: 'No clients match your search.',
  noun: 'clients',
  deleteQuestion: 'Are you sure you want to delete this client?',
  created: 'Client created successfully',
  updated: 'Client updated successfully',
  saveFailed: 'Failed to save client',
  deleted: 'Client deleted successfully',
  deleteFailed: 'Failed to delete client',
};

export function ClientsScreen() {
  return (
    <RecordsScreen<TClient, TClientRequest>
      texts={TEXTS}
      icon={<Users className="h-10 w-10" />}
      usePages={useClientsPages}
      create={useCreateClient()}
      update={useUpdateClient()}
      remove={useDeleteClient()}
      renderForm={({ record, onSubmit, onCancel }) => <ClientForm client={record} onSubmit={onSubmit} onCancel={onCancel} />}
      renderCard={(client, handlers) => <ClientCard client={client} {...handlers} />}
    />
  );
}
