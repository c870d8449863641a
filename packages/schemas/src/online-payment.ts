import { z } from 'zod';
import { hasAtMostDecimals } from './money.ts';

/** Online payment providers (docs/product.md, "Payments from the link"). */
export const ONLINE_PROVIDERS = ['stripe', 'gocardless'] as const;
export type TOnlineProvider = (typeof ONLINE_PROVIDERS)[number];
export const ONLINE_PROVIDER_LABELS: Record<TOnlineProvider, string> = {
  stripe: 'Card or Pay by Bank (Stripe)',
  gocardless: 'Instant bank payment (GoCardless)',
};

export const ONLINE_PAYMENT_MESSAGES = {
  provider: `Provider must be one of ${ONLINE_PROVIDERS.join(', ')}`,
  secretKey: 'Secret key is required',
  webhookSecret: 'Webhook signing secret is required',
  enabled: 'enabled must be true or false',
  noSecretsKey: 'Online payments need SECRETS_KEY set on the server to store provider keys encrypted',
  nothingDue: 'Nothing is due on this invoice',
  notAvailable: 'Online payment is not available for this invoice',
  providerOff: 'That payment method is not available for this invoice',
  providerFailed: 'The payment provider could not be reached. Please try again in a moment.',
  badSignature: 'Webhook signature is missing or does not match',
  notConfigured: 'Set up this provider first',
} as const;

const secret = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(8, message)
    .max(500, 'Key is too long')
    .refine((v) => !/\s/.test(v), 'Key must not contain spaces');

export const ZProviderParams = z.object({ provider: z.enum(ONLINE_PROVIDERS, { error: ONLINE_PAYMENT_MESSAGES.provider }) });

export const ZProviderSettingsRequest = z.strictObject({
  secretKey: secret(ONLINE_PAYMENT_MESSAGES.secretKey),
  webhookSecret: secret(ONLINE_PAYMENT_MESSAGES.webhookSecret),
  enabled: z.boolean({ error: ONLINE_PAYMENT_MESSAGES.enabled }).default(true),
});
export type TProviderSettingsRequest = z.input<typeof ZProviderSettingsRequest>;

/** A provider's settings as answered: never the secrets, only the key's last characters. */
export const ZProviderSettings = z.strictObject({
  provider: z.enum(ONLINE_PROVIDERS),
  enabled: z.boolean(),
  keyHint: z.string(),
  /** where to point the provider's webhooks */
  webhookUrl: z.string(),
  /** added for business clients only; 0 = off (the default) */
  surchargePercent: z.number(),
});
export type TProviderSettings = z.infer<typeof ZProviderSettings>;

/** Surcharges (docs/product.md, "Payments from the link"): business clients only, at most 10%. */
export const SURCHARGE_MAX_PERCENT = 10;
export const ZSurchargeRequest = z.strictObject({
  percent: z
    .number({ error: `Surcharge must be a number from 0 to ${SURCHARGE_MAX_PERCENT}` })
    .min(0, `Surcharge must be a number from 0 to ${SURCHARGE_MAX_PERCENT}`)
    .max(SURCHARGE_MAX_PERCENT, `Surcharge must be a number from 0 to ${SURCHARGE_MAX_PERCENT}`)
    .refine((v) => Math.round(v * 100) === v * 100, 'Surcharge must have at most 2 decimal places'),
});

export const ZProviderDeleted = z.strictObject({ provider: z.enum(ONLINE_PROVIDERS), deleted: z.boolean() });

export const ZPayRequest = z.strictObject({ provider: z.enum(ONLINE_PROVIDERS, { error: ONLINE_PAYMENT_MESSAGES.provider }).optional() });
export const ZPayAnswer = z.strictObject({ redirectUrl: z.string() });
export type TPayAnswer = z.infer<typeof ZPayAnswer>;

/** What the customer's page needs to offer Pay now. */
export const ZPublicOnlinePayment = z.strictObject({
  providers: z.array(z.enum(ONLINE_PROVIDERS)),
  /** shown before paying: what each provider adds (business clients only; none for consumers) */
  surcharges: z.array(z.strictObject({ provider: z.enum(ONLINE_PROVIDERS), percent: z.number(), amount: z.number() })),
});
export type TPublicOnlinePayment = z.infer<typeof ZPublicOnlinePayment>;

/** A deposit asked for on a quote's acceptance: a percent of its total or an amount (pounds), or none ({}). */
export const DEPOSIT_MESSAGES = {
  oneWay: 'Give a deposit percent or an amount, not both',
  percent: 'Deposit percent must be more than 0 and at most 100',
  amount: 'Deposit amount must be more than 0',
  notOpen: 'The deposit can only be changed while the quote is a draft or sent',
  overTotal: 'The deposit cannot be more than the quote total',
  noDeposit: 'This quote asks for no deposit',
  notAccepted: 'The deposit can be paid once the quote is accepted',
  notReady: 'The deposit invoice is not ready yet. Please try again in a moment.',
} as const;
export const ZDepositRequest = z
  .strictObject({
    percent: z
      .number({ error: DEPOSIT_MESSAGES.percent })
      .gt(0, DEPOSIT_MESSAGES.percent)
      .max(100, DEPOSIT_MESSAGES.percent)
      .refine((v) => hasAtMostDecimals(v, 2), 'Deposit percent can have at most 2 decimal places')
      .optional(),
    amount: z
      .number({ error: DEPOSIT_MESSAGES.amount })
      .gt(0, DEPOSIT_MESSAGES.amount)
      .max(10_000_000, DEPOSIT_MESSAGES.amount)
      .refine((v) => hasAtMostDecimals(v, 2), 'Deposit amount can have at most 2 decimal places')
      .optional(),
  })
  .refine((v) => v.percent === undefined || v.amount === undefined, { message: DEPOSIT_MESSAGES.oneWay, path: ['percent'] });
export const ZDeposit = z.strictObject({ percent: z.number().nullable(), amount: z.number().nullable() });
export type TDeposit = z.infer<typeof ZDeposit>;

/** The deposit as the customer's quote page shows it. */
export const ZPublicDeposit = z.strictObject({
  /** pounds, VAT included */
  amount: z.number(),
  paid: z.boolean(),
  /** accepted, issued, unpaid, and the business takes payments online */
  payable: z.boolean(),
});
export type TPublicDeposit = z.infer<typeof ZPublicDeposit>;

/** Refunding an online payment from the invoice page (docs/product.md, "Payments from the link"). */
export const REFUND_MESSAGES = {
  amount: 'Refund amount must be more than 0',
  amountDecimals: 'Refund amount can have at most 2 decimal places',
  notOnline: 'Only a payment made online through Stripe or GoCardless can be refunded here',
  refundedInFull: 'This payment has already been refunded in full',
  overPaid: (left: string) => `You can refund at most ${left} of this payment`,
  providerGone: 'The provider of this payment is no longer set up here: make the refund in its dashboard',
} as const;
export const ZRefundRequest = z.strictObject({
  amount: z
    .number({ error: REFUND_MESSAGES.amount })
    .gt(0, REFUND_MESSAGES.amount)
    .max(10_000_000, REFUND_MESSAGES.amount)
    .refine((v) => hasAtMostDecimals(v, 2), REFUND_MESSAGES.amountDecimals),
});
export type TRefundRequest = z.infer<typeof ZRefundRequest>;
export const ZRefund = z.strictObject({ refundId: z.string(), amount: z.number() });
export type TRefund = z.infer<typeof ZRefund>;
/** An invoice's online payment as the refund button needs it (pounds). */
export const ZRefundablePayment = z.strictObject({
  paymentId: z.uuid(),
  provider: z.enum(ONLINE_PROVIDERS),
  amount: z.number(),
  refunded: z.number(),
  refundable: z.number(),
});
export type TRefundablePayment = z.infer<typeof ZRefundablePayment>;

/** A client's statement link (docs/product.md, "Payments from the link"). */
export const STATEMENT_MESSAGES = {
  nothingOwed: 'Nothing is owed',
  notAvailable: 'Online payment is not available for this statement',
  providerOff: 'That payment method is not available for this statement',
} as const;
/** POST /clients/{id}/statement-link: the link to send (the token is shown once; only its hash is kept). */
export const ZStatementLink = z.strictObject({ url: z.string(), token: z.string() });
export type TStatementLink = z.infer<typeof ZStatementLink>;
/** GET /public/statements/{token}: the client's open invoices, oldest first, and the total due (pounds). */
export const ZPublicStatement = z.strictObject({
  business: z.strictObject({ name: z.string() }),
  client: z.strictObject({ name: z.string() }),
  currency: z.string(),
  invoices: z.array(z.strictObject({ number: z.string(), date: z.string().nullable(), dueDate: z.string(), balance: z.number() })),
  totalDue: z.number(),
  /** providers on (Pay £x now) and any surcharge on the total, said before paying; null: nothing due or no provider on */
  onlinePayment: ZPublicOnlinePayment.nullable(),
});
export type TPublicStatement = z.infer<typeof ZPublicStatement>;
