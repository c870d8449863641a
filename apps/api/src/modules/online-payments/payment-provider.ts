/**
 * The payment provider port (docs/product.md, "Payments from the link"): create a payment for an
 * amount and a reference, verify and read a webhook, refund. Each provider is one adapter file
 * over its official SDK; the rest of the app sees only this.
 */
export const PAYMENT_PROVIDERS = ['stripe', 'gocardless'] as const;
export type ProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Carried by the provider session and back in its webhooks: which account, invoice and balance it was for. */
export interface PaymentMetadata {
  accountId: string;
  /** the invoice paid, or for a statement's pay-everything the session id (see `sessionRef`) */
  invoiceId: string;
  balancePence: number;
  /** our payment_sessions row */
  sessionRef: string;
}

export interface CreatePaymentRequest {
  /** the invoice balance asked for */
  amountPence: number;
  /** a surcharge on top (business clients only), its own line on the provider's page; 0 = none */
  surchargePence: number;
  currency: string;
  /** shown to the payer (the invoice number) */
  reference: string;
  description: string;
  metadata: PaymentMetadata;
  /** same key, same provider session: a double click makes one payment request */
  idempotencyKey: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
}

export interface CreatedPayment {
  sessionId: string;
  redirectUrl: string;
}

/** A verified webhook event, reduced to what processing needs (stored as jsonb; no secrets, no card data). */
export interface WebhookEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export type PaymentMethodKind = 'CARD' | 'BANK_TRANSFER';

export type PaymentOutcome =
  | {
      kind: 'succeeded';
      paymentId: string;
      amountPence: number;
      feePence: number | null;
      method: PaymentMethodKind;
      metadata: PaymentMetadata;
    }
  | { kind: 'failed' | 'expired'; metadata: PaymentMetadata; reason: string }
  | { kind: 'refunded'; refundId: string; paymentId: string; amountPence: number };

export class InvalidWebhookSignature extends Error {}

export interface PaymentProviderAdapter {
  readonly name: ProviderName;
  createPayment(req: CreatePaymentRequest): Promise<CreatedPayment>;
  /** Checks the signature with the SDK's own verifier; throws InvalidWebhookSignature otherwise. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent[];
  /** What a verified event means for us (may ask the provider for details); null = nothing to do. */
  resolve(event: WebhookEvent): Promise<PaymentOutcome | null>;
  refund(paymentId: string, amountPence: number, idempotencyKey: string): Promise<{ refundId: string }>;
}

export interface AdapterSecrets {
  secretKey: string;
  webhookSecret: string;
  /** test-only: the SDK's host (STRIPE_API_BASE / GOCARDLESS_API_BASE) */
  apiBase?: string;
}

export const toMetadataStrings = (m: PaymentMetadata): Record<string, string> => ({
  accountId: m.accountId,
  invoiceId: m.invoiceId,
  balancePence: String(m.balancePence),
  sessionRef: m.sessionRef,
});

/** Metadata read back from a provider; null when it is not ours (another integration on the same provider account). */
export function readMetadata(raw: unknown): PaymentMetadata | null {
  if (!raw || typeof raw !== 'object') return null;
  const m = raw as Record<string, unknown>;
  const balance = Number(m.balancePence);
  if (typeof m.accountId !== 'string' || typeof m.invoiceId !== 'string' || typeof m.sessionRef !== 'string' || !Number.isSafeInteger(balance)) return null;
  return { accountId: m.accountId, invoiceId: m.invoiceId, balancePence: balance, sessionRef: m.sessionRef };
}

export const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
