import type { TOnlineProvider, TPayAnswer } from '@docket/schemas/online-payment';
import { publicRequest } from '@/lib/public-fetch';

/** POST /public/invoices/:token/pay: a provider session for the balance due now; the page goes to its URL. */
export const payPublicInvoice = (token: string, provider: TOnlineProvider) =>
  publicRequest<TPayAnswer>(`/invoices/${encodeURIComponent(token)}/pay`, { method: 'POST', body: { provider } });
