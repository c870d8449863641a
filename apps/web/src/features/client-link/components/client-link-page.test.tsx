import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPublic } from '@/test/render-public';
import type { TPublicDocument } from '@docket/schemas/share';
import { ClientLinkPage } from './client-link-page';

const TOKEN = 'A'.repeat(43);
const QUOTE: TPublicDocument = {
  kind: 'quote',
  number: 'Q0007',
  status: 'SENT',
  issueDate: '2026-11-23',
  validUntil: '2026-12-23',
  dueDate: null,
  currency: 'GBP',
  company: { name: 'Acme Plumbing', logo: null, address: '1 Mill Lane', phone: null, email: 'office@acme.example', vatNumber: 'GB123' },
  customer: { name: 'Pat Customer', address: null },
  siteAddress: '4 Orchard Row, Leeds',
  lines: [
    { description: 'Replace boiler', quantity: 1, unitPrice: 1500, discountPercent: null, amount: 1500 },
    { description: 'Radiator valves', quantity: 4, unitPrice: 25, discountPercent: 10, amount: 90 },
  ],
  vatBreakdown: [{ label: 'Standard rate', rate: 20, net: 1500, vat: 300, reverseCharge: false }],
  reverseChargeLegend: null,
  subtotal: 1500,
  taxAmount: 300,
  total: 1800,
  cis: null,
  amountDue: null,
  terms: 'Work starts in two weeks.',
  balanceDue: null,
  bank: null,
  paymentReference: null,
  acceptance: null,
  version: 3,
};

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
const fetchMock = vi.fn<typeof fetch>();
// stubbed for this file only: the suite shares one module graph and globals between files
beforeAll(() => vi.stubGlobal('fetch', fetchMock));
afterAll(() => vi.unstubAllGlobals());
afterEach(() => fetchMock.mockReset());
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('the client page', () => {
  it('when the link is unknown, then it says the link is no longer valid', async () => {
    fetchMock.mockReturnValueOnce(answer(404, { success: false, error: 'This link is no longer valid', code: 'NOT_FOUND' }));
    renderPublic(<ClientLinkPage token={TOKEN} />);
    await screen.findByRole('heading', { name: 'This link is no longer valid' });
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/public/documents/${TOKEN}`);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'omit' });
  });

  it('when a sent quote is accepted without name or terms, then both messages show and nothing is sent; then it is accepted', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: QUOTE }));
    renderPublic(<ClientLinkPage token={TOKEN} />);
    await screen.findByRole('heading', { name: 'Quote Q0007' });
    expect(screen.getByText('Standard rate (20%) on £1,500.00')).toBeInTheDocument();
    expect(screen.getByText('4 Orchard Row, Leeds')).toBeInTheDocument();
    expect(screen.getByText('4 × £25.00 less 10% discount')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/public/documents/${TOKEN}/pdf`);
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const signedAt = '2026-11-23T19:05:00.000Z';
    fetchMock.mockReturnValueOnce(
      answer(200, { success: true, data: { ...QUOTE, status: 'APPROVED', acceptance: { name: 'Pat Customer', signedAt, signature: null } } }),
    );
    // After the first submit each message goes as soon as its field is fixed, before the next submit.
    await userEvent.type(screen.getByLabelText('Your full name'), 'Pat Customer');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.getByText('Please accept the terms')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('I accept this quote and its terms and conditions'));
    expect(screen.queryByText('Please accept the terms')).toBeNull();
    await userEvent.clear(screen.getByLabelText('Your full name'));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your full name'), 'Pat Customer');
    await userEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByRole('status', { name: 'Quote accepted' })).toHaveTextContent('Accepted by Pat Customer on 23/11/2026, 19:05');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe(`/api/public/quotes/${TOKEN}/accept`);
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Pat Customer', signature: null, agreeTerms: true, version: 3 });
    expect(screen.queryByRole('button', { name: 'Accept and sign' })).toBeNull();
  });

  it('when accepting is refused (declined meanwhile), then the server message shows', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: QUOTE }));
    renderPublic(<ClientLinkPage token={TOKEN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept and sign' }));
    await userEvent.type(screen.getByLabelText('Your full name'), 'Pat');
    await userEvent.click(screen.getByLabelText('I accept this quote and its terms and conditions'));
    fetchMock.mockReturnValueOnce(answer(409, { success: false, error: 'This quote has already been declined', code: 'CONFLICT' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This quote has already been declined');
  });

  it('when an invoice is shared, then the amount due, bank details and reference show and no accept button', async () => {
    const invoice: TPublicDocument = {
      ...QUOTE,
      kind: 'invoice',
      number: 'INV0003',
      validUntil: null,
      dueDate: '2026-12-23',
      balanceDue: 1200,
      bank: { bankName: 'Barclays', accountName: 'Acme', accountNumber: '12345678', sortCode: '12-34-56', iban: null, swift: null },
      paymentReference: 'INV0003',
    };
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: invoice }));
    renderPublic(<ClientLinkPage token={TOKEN} />);
    expect(await screen.findByTestId('balance-due')).toHaveTextContent('£1,200.00');
    expect(screen.getByText('12-34-56')).toBeInTheDocument();
    expect(screen.getByText('Reference').nextSibling).toHaveTextContent('INV0003');
    expect(screen.queryByRole('button', { name: 'Accept and sign' })).toBeNull();
  });

  it('when a shared invoice is paid, then the link says Paid in full and shows no way to pay or bank details', async () => {
    const paid: TPublicDocument = {
      ...QUOTE,
      kind: 'invoice',
      number: 'INV0004',
      validUntil: null,
      dueDate: '2026-12-23',
      balanceDue: 0,
      paidInFull: true,
      bank: { bankName: 'Barclays', accountName: 'Acme', accountNumber: '12345678', sortCode: '12-34-56', iban: null, swift: null },
      paymentReference: 'INV0004',
    };
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: paid }));
    renderPublic(<ClientLinkPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Paid in full' })).toBeInTheDocument();
    expect(screen.queryByText('How to pay')).toBeNull();
    expect(screen.queryByTestId('balance-due')).toBeNull();
    expect(screen.queryByText('12-34-56')).toBeNull();
  });

  it('when a credit note is shared, then it is headed as one, names the invoice it corrects and why, and offers no payment or acceptance', async () => {
    const note: TPublicDocument = {
      ...QUOTE,
      kind: 'credit_note',
      number: 'CN0001',
      status: 'ISSUED',
      validUntil: null,
      creditNote: { invoiceNumber: 'INV0002', reason: 'Socket not fitted' },
    };
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: note }));
    renderPublic(<ClientLinkPage token={TOKEN} />);
    await screen.findByRole('heading', { level: 1, name: 'Credit note CN0001' });
    expect(screen.getByText('Credited to')).toBeInTheDocument();
    expect(screen.getByText(/Credit against invoice INV0002/)).toHaveTextContent('Credit against invoice INV0002. Reason: Socket not fitted');
    // The title is set in an effect, which may run after the heading is on screen.
    await waitFor(() => expect(document.title).toBe(`Credit note CN0001 from ${QUOTE.company.name}`));
    expect(screen.queryByTestId('balance-due')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept and sign' })).toBeNull();
  });

  describe('paying online', () => {
    const payable: TPublicDocument = {
      ...QUOTE,
      kind: 'invoice',
      number: 'INV0004',
      validUntil: null,
      dueDate: '2026-12-23',
      balanceDue: 1200,
      bank: { bankName: 'Barclays', accountName: 'Acme', accountNumber: '12345678', sortCode: '12-34-56', iban: null, swift: null },
      paymentReference: 'INV0004',
      version: null,
      onlinePayment: { providers: ['stripe'], surcharges: [{ provider: 'stripe', percent: 1.5, amount: 18 }] },
    };
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('when the business takes payments online, then Pay now shows the balance and the surcharge before paying, and a click asks once for the provider page', async () => {
      const assign = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign, search: '' } as Location);
      fetchMock.mockReturnValueOnce(answer(200, { success: true, data: payable }));
      renderPublic(<ClientLinkPage token={TOKEN} />);
      const button = await screen.findByRole('button', { name: 'Pay now £1,200.00' });
      expect(screen.getByText(/adds a surcharge of £18\.00 \(1\.5%\)/)).toBeInTheDocument();
      fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { redirectUrl: 'https://pay.example/cs_1' } }));
      await userEvent.click(button);
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
      const [url, init] = fetchMock.mock.calls.at(-1)!;
      expect(url).toBe(`/api/public/invoices/${TOKEN}/pay`);
      expect(JSON.parse(String(init?.body))).toEqual({ provider: 'stripe' });
      vi.restoreAllMocks();
    });

    it('when the customer comes back from a cancelled payment, then the page says so and offers Pay now again', async () => {
      window.history.replaceState(null, '', '/p/x?payment=cancelled');
      fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { ...payable, onlinePayment: { providers: ['stripe'], surcharges: [] } } }));
      renderPublic(<ClientLinkPage token={TOKEN} />);
      expect(await screen.findByRole('status', { name: 'Payment not completed' })).toHaveTextContent('Payment not completed');
      expect(screen.getByRole('button', { name: 'Pay now £1,200.00' })).toBeInTheDocument();
    });

    it('when nothing can be paid online, then there is no Pay now and bank details show as before', async () => {
      fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { ...payable, onlinePayment: null } }));
      renderPublic(<ClientLinkPage token={TOKEN} />);
      await screen.findByText('12-34-56');
      expect(screen.queryByRole('button', { name: /Pay now/ })).toBeNull();
    });
  });

  describe('a deposit', () => {
    it('when a sent quote asks for a deposit, then the page says so before acceptance', async () => {
      fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { ...QUOTE, deposit: { amount: 450, paid: false, payable: false } } }));
      renderPublic(<ClientLinkPage token={TOKEN} />);
      await screen.findByText('This quote asks for a deposit of £450.00 when you accept it.');
      expect(screen.queryByRole('button', { name: /Pay deposit/ })).toBeNull();
    });

    it('when the quote is accepted and its deposit can be paid online, then Pay deposit asks for the provider page', async () => {
      const assign = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign, search: '' } as Location);
      fetchMock.mockReturnValueOnce(
        answer(200, { success: true, data: { ...QUOTE, status: 'APPROVED', deposit: { amount: 450, paid: false, payable: true } } }),
      );
      renderPublic(<ClientLinkPage token={TOKEN} />);
      fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { redirectUrl: 'https://pay.example/cs_9' } }));
      await userEvent.click(await screen.findByRole('button', { name: 'Pay deposit £450.00 now' }));
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_9'));
      expect(fetchMock.mock.calls.at(-1)![0]).toBe(`/api/public/quotes/${TOKEN}/pay-deposit`);
      vi.restoreAllMocks();
    });
  });
});
