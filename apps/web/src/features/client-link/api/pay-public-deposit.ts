import type { TPayAnswer } from '@docket/schemas/online-payment';
import { publicRequest } from '@/lib/public-fetch';

/** POST /public/quotes/:token/pay-deposit: a provider session for the accepted quote's deposit invoice. */
export const payPublicDeposit = (token: string) => publicRequest<TPayAnswer>(`/quotes/${encodeURIComponent(token)}/pay-deposit`, { method: 'POST', body: {} });
