import { useMutation } from '@tanstack/react-query';
import type { TOnlineProvider, TPayAnswer } from '@docket/schemas/online-payment';

/**
 * Pay online from a public page (docs/product.md, "Payments from the link"): asks for a provider
 * session, then sends the customer to the provider's hosted page. `busy` from the click until the
 * page has gone, so a double click makes one request (the server's idempotency key covers two
 * tabs too); `error` is the server's message.
 */
export function usePayOnline(start: (provider: TOnlineProvider) => Promise<TPayAnswer>) {
  const mutation = useMutation({
    mutationFn: start,
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
  return {
    pay: (provider: TOnlineProvider) => mutation.mutate(provider),
    busy: mutation.isPending || mutation.isSuccess,
    error: mutation.error ? mutation.error.message || 'Something went wrong. Please try again.' : null,
  };
}
