import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPublic } from '@/test/render-public';
import type { TPublicStatement } from '@docket/schemas/online-payment';
import { StatementPage } from './statement-page';

const TOKEN = 'B'.repeat(43);
const OWED: TPublicStatement = {
  business: { name: 'Acme Plumbing' },
  client: { name: 'Pat Customer' },
  currency: 'GBP',
  invoices: [
    { number: 'INV0003', date: '2026-11-01', dueDate: '2026-12-01', balance: 379.2 },
    { number: 'INV0001', date: '2026-11-05', dueDate: '2026-12-05', balance: 279.2 },
  ],
  totalDue: 658.4,
  onlinePayment: { providers: ['stripe'], surcharges: [] },
};

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
const fetchMock = vi.fn<typeof fetch>();
// stubbed for this file only: the suite shares one module graph and globals between files
beforeAll(() => vi.stubGlobal('fetch', fetchMock));
afterAll(() => vi.unstubAllGlobals());
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

describe('the statement page', () => {
  it('when the link is unknown, then it says the link is no longer valid', async () => {
    fetchMock.mockReturnValueOnce(answer(404, { success: false, error: 'This link is no longer valid', code: 'NOT_FOUND' }));
    renderPublic(<StatementPage token={TOKEN} />);
    await screen.findByRole('heading', { name: 'This link is no longer valid' });
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/public/statements/${TOKEN}`);
  });

  it('when money is owed, then the invoices and total show, and Pay £x now asks once for the provider page', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign, search: '' } as Location);
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: OWED }));
    renderPublic(<StatementPage token={TOKEN} />);
    const button = await screen.findByRole('button', { name: 'Pay £658.40 now' });
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('INV0003'), expect.stringContaining('INV0001')]),
    );
    expect(screen.getByTestId('statement-total')).toHaveTextContent('£658.40');
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { redirectUrl: 'https://pay.example/cs_9' } }));
    await userEvent.click(button);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_9'));
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe(`/api/public/statements/${TOKEN}/pay`);
    expect(JSON.parse(String(init?.body))).toEqual({ provider: 'stripe' });
  });

  it('when the business client pays a surcharge, then the page says it before Pay £x now; with none, no surcharge is mentioned', async () => {
    const withSurcharge = {
      ...OWED,
      onlinePayment: { providers: ['stripe' as const], surcharges: [{ provider: 'stripe' as const, percent: 1.5, amount: 9.88 }] },
    };
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: withSurcharge }));
    const { unmount } = renderPublic(<StatementPage token={TOKEN} />);
    await screen.findByRole('button', { name: 'Pay £658.40 now' });
    expect(screen.getByText(/adds a surcharge of £9\.88 \(1\.5%\)/)).toBeInTheDocument();
    unmount();
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: OWED }));
    renderPublic(<StatementPage token={TOKEN} />);
    await screen.findByRole('button', { name: 'Pay £658.40 now' });
    expect(screen.queryByText(/surcharge/)).toBeNull();
  });

  it('when nothing is owed, then it says so and offers no payment', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { ...OWED, invoices: [], totalDue: 0, onlinePayment: null } }));
    renderPublic(<StatementPage token={TOKEN} />);
    await screen.findByText('Nothing is owed. Thank you.');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('when paying is refused, then the server message shows and the button can be pressed again', async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign: vi.fn(), search: '' } as Location);
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: OWED }));
    renderPublic(<StatementPage token={TOKEN} />);
    const button = await screen.findByRole('button', { name: 'Pay £658.40 now' });
    fetchMock.mockReturnValueOnce(answer(409, { success: false, error: 'Nothing is owed', code: 'CONFLICT' }));
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing is owed');
    expect(button).toBeEnabled();
  });

  it('when the client comes back from a cancelled payment, then the page says so and offers Pay again', async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, search: '?payment=cancelled' } as Location);
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: OWED }));
    renderPublic(<StatementPage token={TOKEN} />);
    await screen.findByRole('status', { name: 'Payment not completed' });
    expect(screen.getByRole('button', { name: 'Pay £658.40 now' })).toBeEnabled();
  });

  it('when the client comes back from a payment that is recorded, then it thanks them and says nothing is owed', async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, search: '?payment=success' } as Location);
    fetchMock.mockReturnValueOnce(answer(200, { success: true, data: { ...OWED, invoices: [], totalDue: 0, onlinePayment: null } }));
    renderPublic(<StatementPage token={TOKEN} />);
    expect(await screen.findByRole('status', { name: 'Payment received' })).toHaveTextContent('Payment received, thank you');
    expect(screen.getByText('Nothing is owed. Thank you.')).toBeInTheDocument();
    expect(screen.queryByText(/being confirmed/)).toBeNull();
  });
});
