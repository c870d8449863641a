import { createGoCardlessAdapter } from './gocardless-adapter.ts';
import { createStripeAdapter } from './stripe-adapter.ts';
import type { AdapterSecrets, PaymentProviderAdapter, ProviderName } from './payment-provider.ts';

/** The one place that knows every provider: a third is one adapter file and one line here. */
export const ADAPTERS: Record<ProviderName, (secrets: AdapterSecrets) => PaymentProviderAdapter> = {
  stripe: createStripeAdapter,
  gocardless: createGoCardlessAdapter,
};
