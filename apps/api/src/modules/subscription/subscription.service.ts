import { PLANS, planLimitMessage, type TPlanLimits } from '@docket/schemas/plans';
import { TEMPLATES } from '@docket/schemas/constants';
import type { TAvailableTemplates, TCanResult, TSubscriptionInfo } from '@docket/schemas/subscription';
import { londonMonthBounds, type Clock } from '../../lib/clock.ts';
import type { LimitedResource, LimitsService } from './limits.service.ts';

/** Messages the spec's subscription panel shows when a feature is off. */
export const FEATURE_MESSAGES = {
  calendar: 'Calendar requires Pro plan',
  branding: 'Custom branding requires Pro plan',
} as const;

const can = (allowed: boolean, reason: string): TCanResult => (allowed ? { allowed } : { allowed, reason });

/** Answers of the /subscription calls: real plan, limits and usage for the signed-in user. */
export function createSubscriptionService(limits: LimitsService, clock: Clock) {
  return {
    plans: () => PLANS,
    planLimits: (userId: string): TPlanLimits => limits.limitsOf(userId),
    usage: (userId: string) => limits.usage(userId),
    async info(userId: string): Promise<TSubscriptionInfo> {
      const { start, end } = londonMonthBounds(clock());
      return {
        plan: limits.planOf(userId),
        status: 'ACTIVE',
        cancelAtPeriodEnd: false,
        currentPeriodStart: start.toISOString(),
        currentPeriodEnd: end.toISOString(),
        limits: limits.limitsOf(userId),
        usage: await limits.usage(userId),
      };
    },
    async canCreate(userId: string, what: LimitedResource): Promise<TCanResult> {
      return can(await limits.canCreate(userId, what), planLimitMessage(what));
    },
    canUse(userId: string, feature: 'calendar' | 'branding'): TCanResult {
      const l = limits.limitsOf(userId);
      return can(feature === 'calendar' ? l.hasCalendar : l.hasBranding, FEATURE_MESSAGES[feature]);
    },
    availableTemplates(userId: string): TAvailableTemplates {
      const n = limits.limitsOf(userId).templates;
      return n === -1 ? [...TEMPLATES] : TEMPLATES.slice(0, Math.max(1, n));
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
