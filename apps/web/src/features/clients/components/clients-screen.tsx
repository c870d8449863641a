import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TClient, TClientRequest } from '@docket/schemas/client';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { pagedRows } from '@/lib/paged-list';
import { toastError, toastSuccess } from '@/lib/toast';
import { useErrorToast } from '@/lib/use-error-toast';
import { useListFilters } from '@/lib/use-list-filters';
import { ListFilters } from '@/components/lists/list-filters';
import { LoadMore } from '@/components/lists/load-more';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateClient } from '../api/create-client';
import { useDeleteClient } from '../api/delete-client';
import { useClientsPages } from '../api/get-clients-page';
import { useUpdateClient } from '../api/update-client';
import { ClientCard } from './client-card';
import { ClientForm } from './client-form';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; client: TClient };

export function ClientsScreen() {
  const listFilters = useListFilters();
  const clients = useClientsPages(listFilters.filters);
  const list = pagedRows(clients.data);
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const deleteClient = useDeleteClient();
  // /clients?new=1 (the dashboard's first steps) opens with the Add Client form.
  const [params] = useSearchParams();
  const [form, setForm] = useState<FormState>(() => (params.get('new') === '1' ? { mode: 'create' } : { mode: 'closed' }));
  const [toDelete, setToDelete] = useState<TClient | null>(null);
  useErrorToast(clients.error, 'Failed to load clients');

  async function save(values: TClientRequest) {
    try {
      if (form.mode === 'edit') {
        await updateClient.mutateAsync({ id: form.client.id, body: values });
        toastSuccess('Client updated successfully');
      } else {
        await createClient.mutateAsync(values);
        toastSuccess('Client created successfully');
      }
      setForm({ mode: 'closed' });
    } catch (error) {
      toastError(errorMessage(error, 'Failed to save client'));
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    try {
      await deleteClient.mutateAsync(id);
      toastSuccess('Client deleted successfully');
      if (form.mode === 'edit' && form.client.id === id) setForm({ mode: 'closed' });
    } catch (error) {
      toastError(errorMessage(error, 'Failed to delete client'));
    }
  }

  return (
    <div>
      <PageHeader
        title="Clients"
        subtitle="Manage your client information"
        actions={
          <Button onClick={() => setForm({ mode: 'create' })} disabled={form.mode !== 'closed'}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Client
          </Button>
        }
      />
      {form.mode !== 'closed' && (
        <ClientForm
          key={form.mode === 'edit' ? form.client.id : 'new'}
          client={form.mode === 'edit' ? form.client : undefined}
          onSubmit={save}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}
      <ListFilters search={listFilters.search} onSearchChange={listFilters.setSearch} searchPlaceholder="Name or email" />
      {clients.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading clients">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : clients.isError && !clients.data ? (
        <LoadError message="Failed to load clients" onRetry={() => void clients.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Users className="h-10 w-10" />}
          message={listFilters.filtered ? 'No clients match your search.' : 'No clients found. Create your first client to get started.'}
        />
      ) : (
        <>
          <ul
            className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', clients.isPlaceholderData && 'opacity-60 transition-opacity')}
            aria-label="Clients"
            aria-busy={clients.isPlaceholderData || undefined}
          >
            {list.map((client) => (
              <li key={client.id}>
                <ClientCard
                  client={client}
                  onEdit={() => setForm({ mode: 'edit', client })}
                  onDelete={() => setToDelete(client)}
                />
              </li>
            ))}
          </ul>
          <LoadMore query={clients} noun="clients" />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        description="Are you sure you want to delete this client?"
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
