import { ZPlanLimits, ZPlans } from '@docket/schemas/plans';
import { ZAvailableTemplates, ZCanResult, ZSubscriptionInfo, ZUsage } from '@docket/schemas/subscription';
import { defineRoute, type Route } from '../../http/route.ts';
import type { LimitedResource } from './limits.service.ts';
import type { SubscriptionService } from './subscription.service.ts';

const CREATE_CHECKS: Record<string, LimitedResource> = {
  'can-create-invoice': 'invoices',
  'can-create-quote': 'quotes',
  'can-create-client': 'clients',
};

/** /subscription/*: the plan, usage and what the plan allows. */
export function subscriptionRoutes(service: SubscriptionService): Route[] {
  return [
    defineRoute({ method: 'get', path: '/subscription/plans', permission: 'field-read', response: ZPlans, handler: () => service.plans() }),
    defineRoute({
      method: 'get',
      path: '/subscription/info',
      permission: 'field-read',
      response: ZSubscriptionInfo,
      handler: ({ accountId }) => service.info(accountId),
    }),
    defineRoute({
      method: 'get',
      path: '/subscription/usage',
      permission: 'field-read',
      response: ZUsage,
      handler: ({ accountId }) => service.usage(accountId),
    }),
    ...Object.entries(CREATE_CHECKS).map(([path, what]) =>
      defineRoute({
        method: 'get',
        path: `/subscription/${path}`,
        permission: 'field-read',
        response: ZCanResult,
        handler: ({ accountId }) => service.canCreate(accountId, what),
      }),
    ),
    defineRoute({
      method: 'get',
      path: '/subscription/can-use-calendar',
      permission: 'field-read',
      response: ZCanResult,
      handler: ({ accountId }) => service.canUse(accountId, 'calendar'),
    }),
    defineRoute({
      method: 'get',
      path: '/subscription/can-use-branding',
      permission: 'field-read',
      response: ZCanResult,
      handler: ({ accountId }) => service.canUse(accountId, 'branding'),
    }),
    defineRoute({
      method: 'get',
      path: '/subscription/available-templates',
      permission: 'field-read',
      response: ZAvailableTemplates,
      handler: ({ accountId }) => service.availableTemplates(accountId),
    }),
    defineRoute({
      method: 'get',
      path: '/subscription/plan-limits',
      permission: 'field-read',
      response: ZPlanLimits,
      handler: ({ accountId }) => service.planLimits(accountId),
    }),
  ];
}
