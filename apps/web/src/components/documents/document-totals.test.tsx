import { render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { EINVOICE_MESSAGES } from '@docket/schemas/data-transfer';
import type { TLineItemInput } from '@docket/schemas/document';
import { DocumentTotals } from './document-totals';
import type { TDocumentFormValues, TDocumentSubmit } from './document-form-values';

function Totals({ lineItems }: { lineItems: TLineItemInput[] }) {
  const form = useForm<TDocumentFormValues, unknown, TDocumentSubmit>({ defaultValues: { clientId: '', tax: 20, lineItems } });
  return <DocumentTotals control={form.control} currencySymbol="£" />;
}

const line = (vat?: TLineItemInput['vat']): TLineItemInput => ({ description: 'x', quantity: 1, unitPrice: 10, ...(vat ? { vat } : {}) });

describe('the document form before issue (docs/data-transfer.md, "Categories and identifiers we use")', () => {
  it('when outside-the-scope lines sit beside another rate, then it warns that the document will have no e-invoice', () => {
    render(<Totals lineItems={[line('OUTSIDE_SCOPE'), line()]} />);
    expect(screen.getByRole('note')).toHaveTextContent(EINVOICE_MESSAGES.outsideScopeMixedWarning);
  });

  it('when every line is outside the scope, or none is, then there is no warning', () => {
    const { unmount } = render(<Totals lineItems={[line('OUTSIDE_SCOPE'), line('OUTSIDE_SCOPE')]} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    unmount();
    render(<Totals lineItems={[line('STANDARD'), line('ZERO')]} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
