import { z } from 'zod';
/** The one place plans, prices and limits are defined. -1 means unlimited. */
export const PLAN_KEYS = ['FREE', 'PRO', 'UNLIMITED'] as const;
export type TPlanKey = (typeof PLAN_KEYS)[number];

/** -1 means unlimited. */
export const ZPlanLimits = z.strictObject({
  invoicesPerMonth: z.number().int(),
  quotesPerMonth: z.number().int(),
  maxClients: z.number().int(),
  templates: z.number().int(),
  hasBranding: z.boolean(),
  hasCalendar: z.boolean(),
  support: z.string(),
});
export type TPlanLimits = z.infer<typeof ZPlanLimits>;

export const ZPlan = z.strictObject({
  name: z.string(),
  /** GBP per month */
  price: z.number(),
  billing: z.literal('month'),
  /** GBP per year: 10 x monthly, "2 months free" */
  annualPrice: z.number(),
  annualBilling: z.literal('year'),
  description: z.string(),
  popular: z.boolean(),
  features: ZPlanLimits,
});
export type TPlan = z.infer<typeof ZPlan>;

const plan = (p: Omit<TPlan, 'billing' | 'annualPrice' | 'annualBilling'>): TPlan => ({
  ...p,
  billing: 'month',
  annualPrice: p.price * 10,
  annualBilling: 'year',
});

export const PLANS: Record<TPlanKey, TPlan> = {
  FREE: plan({
    name: 'Free',
    price: 0,
    description: 'For sole traders getting started',
    popular: false,
    features: {
      invoicesPerMonth: 5,
      quotesPerMonth: 5,
      maxClients: 10,
      templates: 1,
      hasBranding: false,
      hasCalendar: false,
      support: 'community',
    },
  }),
  PRO: plan({
    name: 'Pro',
    price: 12,
    description: 'For busy trades and growing businesses',
    popular: true,
    features: {
      invoicesPerMonth: 1000,
      quotesPerMonth: 1000,
      maxClients: 1000,
      templates: 10,
      hasBranding: true,
      hasCalendar: true,
      support: 'priority',
    },
  }),
  UNLIMITED: plan({
    name: 'Unlimited',
    price: 29,
    description: 'For firms with several teams and no ceilings',
    popular: false,
    features: {
      invoicesPerMonth: -1,
      quotesPerMonth: -1,
      maxClients: -1,
      templates: -1,
      hasBranding: true,
      hasCalendar: true,
      support: 'dedicated',
    },
  }),
};

/** GET /subscription/plans: every plan by its key. */
export const ZPlans = z.strictObject(Object.fromEntries(PLAN_KEYS.map((k) => [k, ZPlan])) as Record<TPlanKey, typeof ZPlan>);

/** Until payments exist every account is on PRO (docs/product.md, "Defaults"). */
export const DEFAULT_PLAN: TPlanKey = 'PRO';

export const planLimitMessage = (what: 'invoices' | 'quotes' | 'clients') =>
  `You have reached your plan limit for ${what} this month. Upgrade your plan to create more.`;
