import { Router } from 'express';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { LimitedResource } from './limits.service.ts';
import type { SubscriptionService } from './subscription.service.ts';

const CREATE_CHECKS: Record<string, LimitedResource> = {
  '/can-create-invoice': 'invoices',
  '/can-create-quote': 'quotes',
  '/can-create-client': 'clients',
};

export function subscriptionRoutes(service: SubscriptionService) {
  const router = Router();
  router.get('/plans', (_req, res) => {
    sendData(res, service.plans());
  });
  router.get('/info', async (req, res) => {
    sendData(res, await service.info(currentAccount(req).id));
  });
  router.get('/usage', async (req, res) => {
    sendData(res, await service.usage(currentAccount(req).id));
  });
  for (const [path, what] of Object.entries(CREATE_CHECKS)) {
    router.get(path, async (req, res) => {
      sendData(res, await service.canCreate(currentAccount(req).id, what));
    });
  }
  router.get('/can-use-calendar', (req, res) => {
    sendData(res, service.canUse(currentAccount(req).id, 'calendar'));
  });
  router.get('/can-use-branding', (req, res) => {
    sendData(res, service.canUse(currentAccount(req).id, 'branding'));
  });
  router.get('/available-templates', (req, res) => {
    sendData(res, service.availableTemplates(currentAccount(req).id));
  });
  router.get('/plan-limits', (req, res) => {
    sendData(res, service.planLimits(currentAccount(req).id));
  });
  return router;
}
