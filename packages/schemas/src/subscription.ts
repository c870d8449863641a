import { z } from 'zod';
import { PLAN_KEYS, ZPlanLimits } from './plans.ts';
import { TEMPLATES } from './constants.ts';

export const ZUsage = z.strictObject({
  /** 'YYYY-MM' in Europe/London */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  invoicesCount: z.number().int(),
  quotesCount: z.number().int(),
  clientsCount: z.number().int(),
});
export type TUsage = z.infer<typeof ZUsage>;

export const ZSubscriptionInfo = z.strictObject({
  plan: z.enum(PLAN_KEYS),
  status: z.literal('ACTIVE'),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodStart: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
  limits: ZPlanLimits,
  usage: ZUsage,
});
export type TSubscriptionInfo = z.infer<typeof ZSubscriptionInfo>;

export const ZCanResult = z.strictObject({ allowed: z.boolean(), reason: z.string().optional() });
export type TCanResult = z.infer<typeof ZCanResult>;

export const ZAvailableTemplates = z.array(z.enum(TEMPLATES));
export type TAvailableTemplates = z.infer<typeof ZAvailableTemplates>;
