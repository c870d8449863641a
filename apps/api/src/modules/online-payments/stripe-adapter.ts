import Stripe from 'stripe';
import {
  header,
  InvalidWebhookSignature,
  readMetadata,
  toMetadataStrings,
  type AdapterSecrets,
  type PaymentOutcome,
  type PaymentProviderAdapter,
  type WebhookEvent,
} from './payment-provider.ts';

/** The SDK's documented host settings, from STRIPE_API_BASE (tests only: a fake on 127.0.0.1). */
function hostOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  return { host: url.hostname, port: url.port || (url.protocol === 'http:' ? 80 : 443), protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));

/**
 * Stripe through Checkout Sessions: card, and Pay by Bank for GBP. A session completed with
 * payment_status 'paid' is the money (card); Pay by Bank may complete 'unpaid' and settle with
 * checkout.session.async_payment_succeeded. A refund made in Stripe's dashboard arrives as
 * refund.created / refund.updated.
 */
export function createStripeAdapter(secrets: AdapterSecrets): PaymentProviderAdapter {
  const stripe = new Stripe(secrets.secretKey, { ...hostOptions(secrets.apiBase), maxNetworkRetries: 2, timeout: 20_000 });

  /** The fee and how it was paid, from the PaymentIntent's charge. */
  async function detailsOf(paymentIntentId: string): Promise<{ feePence: number | null; bank: boolean | null }> {
    try {
      const pi = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] });
      const charge = pi.latest_charge;
      if (!charge || typeof charge !== 'object') return { feePence: null, bank: null };
      const bt = charge.balance_transaction;
      return {
        feePence: bt && typeof bt === 'object' ? bt.fee : null,
        bank: charge.payment_method_details ? charge.payment_method_details.type === 'pay_by_bank' : null,
      };
    } catch {
      // Kept alongside for information; a payment is never held up for it.
      return { feePence: null, bank: null };
    }
  }

  return {
    name: 'stripe',
    async createPayment(req) {
      const gbp = req.currency.toUpperCase() === 'GBP';
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          allowed_payment_method_types: gbp ? ['card', 'pay_by_bank'] : ['card'],
          line_items: [
            {
              quantity: 1,
              price_data: { currency: req.currency.toLowerCase(), unit_amount: req.amountPence, product_data: { name: req.description } },
            },
            ...(req.surchargePence > 0
              ? [
                  {
                    quantity: 1,
                    price_data: { currency: req.currency.toLowerCase(), unit_amount: req.surchargePence, product_data: { name: 'Card surcharge' } },
                  },
                ]
              : []),
          ],
          client_reference_id: req.metadata.sessionRef,
          customer_email: req.customerEmail ?? undefined,
          metadata: toMetadataStrings(req.metadata),
          payment_intent_data: { metadata: toMetadataStrings(req.metadata), description: req.description },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        },
        { idempotencyKey: req.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { sessionId: session.id, redirectUrl: session.url };
    },

    verifyWebhook(rawBody, headers) {
      const signature = header(headers, 'stripe-signature');
      if (!signature) throw new InvalidWebhookSignature('missing Stripe-Signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, secrets.webhookSecret);
      } catch {
        throw new InvalidWebhookSignature('bad Stripe-Signature');
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      return [
        {
          id: event.id,
          type: event.type,
          data: pick(object, ['id', 'object', 'payment_status', 'payment_intent', 'amount_total', 'amount', 'status', 'metadata', 'payment_method_types']),
        },
      ];
    },

    async resolve(event: WebhookEvent): Promise<PaymentOutcome | null> {
      const o = event.data;
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          if (o.payment_status !== 'paid') return null;
          const metadata = readMetadata(o.metadata);
          const paymentId = typeof o.payment_intent === 'string' ? o.payment_intent : null;
          if (!metadata || !paymentId || typeof o.amount_total !== 'number') return null;
          const details = await detailsOf(paymentId);
          // Unknown charge details: an async success is Pay by Bank (cards settle at once).
          const bank = details.bank ?? event.type === 'checkout.session.async_payment_succeeded';
          return { kind: 'succeeded', paymentId, amountPence: o.amount_total, feePence: details.feePence, method: bank ? 'BANK_TRANSFER' : 'CARD', metadata };
        }
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired': {
          const metadata = readMetadata(o.metadata);
          if (!metadata) return null;
          const failed = event.type === 'checkout.session.async_payment_failed';
          return { kind: failed ? 'failed' : 'expired', metadata, reason: failed ? 'the bank payment failed' : 'the payment page expired' };
        }
        case 'refund.created':
        case 'refund.updated': {
          if (o.status !== 'succeeded' || typeof o.payment_intent !== 'string' || typeof o.amount !== 'number' || typeof o.id !== 'string') return null;
          return { kind: 'refunded', refundId: o.id, paymentId: o.payment_intent, amountPence: o.amount };
        }
        default:
          return null;
      }
    },

    async refund(paymentId, amountPence, idempotencyKey) {
      const r = await stripe.refunds.create({ payment_intent: paymentId, amount: amountPence }, { idempotencyKey });
      return { refundId: r.id };
    },
  };
}
