import type { TOnlineProvider, TPayAnswer } from '@docket/schemas/online-payment';
import { publicRequest } from '@/lib/public-fetch';

/** POST /public/statements/:token/pay: one provider session for everything owed now; the page goes to its URL. */
export const payPublicStatement = (token: string, provider: TOnlineProvider) =>
  publicRequest<TPayAnswer>(`/statements/${encodeURIComponent(token)}/pay`, { method: 'POST', body: { provider } });
