import { useEffect, useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi } from '@/test/mock-api';
import { DocumentForm } from './document-form';
import type { TDocumentFormValues } from './document-form-values';

const mock = mockApi();
const CLIENT = { id: '11111111-1111-4111-8111-111111111111', name: 'Willow Dental' };
const DRAFT: TDocumentFormValues = { clientId: CLIENT.id, tax: 20, lineItems: [{ description: 'Replace surgery lighting', quantity: 1, unitPrice: 1250 }] };

function Form({ clients }: { clients: (typeof CLIENT)[] }) {
  return (
    <DocumentForm
      kind="quote"
      title="Create New Quote"
      submitLabel="Create Quote"
      defaultValues={DRAFT}
      clients={clients}
      items={[]}
      currencySymbol="£"
      onSubmit={vi.fn()}
      onCancel={vi.fn()}
    />
  );
}

/** The clients arrive after the form has opened, as on a reload over a slow connection. */
function ClientsArriveLater() {
  const [clients, setClients] = useState<(typeof CLIENT)[]>([]);
  useEffect(() => {
    const t = setTimeout(() => setClients([CLIENT]), 10);
    return () => clearTimeout(t);
  }, []);
  return <Form clients={clients} />;
}

describe('DocumentForm', () => {
  it('when the form opens with a client before the clients have arrived, then the client shows as chosen once they arrive', async () => {
    mock.onGet('/company').reply(404, fail('Company profile not found', 'NOT_FOUND'));
    renderWithProviders(<ClientsArriveLater />);
    const select = (await screen.findByLabelText(/Client/)) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Willow Dental' });
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('Willow Dental'));
  });
});
