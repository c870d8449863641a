import express, { Router, type RequestHandler } from 'express';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { ZCompanyQuery, ZCompanyRequest, ZLogoRequest } from '@docket/schemas/company';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyService } from './company.service.ts';

const parseLogoJson = express.json({ limit: '3mb' });

/**
 * The logo route takes a base64 data URL of up to 2 MB, so it alone parses bodies up to 3 MB.
 * Only for a verified token: anonymous callers must not make the server buffer 3 MB, and
 * a body over the limit is still "the logo is too big" to the person uploading it.
 */
export const logoBodyParser: RequestHandler = (req, res, next) => {
  if (!req.tokenUserId) {
    next(AppError.unauthorized(req.tokenProblem === 'expired' ? ERROR_MESSAGES.sessionExpired : ERROR_MESSAGES.authRequired));
    return;
  }
  parseLogoJson(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large') next(AppError.tooLarge(ERROR_MESSAGES.logoSize));
    else next(err);
  });
};

export function companyRoutes(service: CompanyService) {
  const router = Router();
  router.get('/', async (req, res) => {
    const { optional } = parse(ZCompanyQuery, req.query);
    const userId = currentAccount(req).id;
    sendData(res, optional === 'true' ? await service.find(userId) : await service.get(userId));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentAccount(req).id, parse(ZCompanyRequest, req.body)), 201);
  });
  router.put('/', async (req, res) => {
    sendData(res, await service.update(currentAccount(req).id, parse(ZCompanyRequest, req.body)));
  });
  router.post('/logo', async (req, res) => {
    const { logo } = parse(ZLogoRequest, req.body);
    sendData(res, await service.setLogo(currentAccount(req).id, logo));
  });
  router.delete('/logo', async (req, res) => {
    sendData(res, await service.removeLogo(currentAccount(req).id));
  });
  router.post('/reset-quote-counter', async (req, res) => {
    sendData(res, await service.resetCounter(currentAccount(req).id, 'quote'));
  });
  router.post('/reset-invoice-counter', async (req, res) => {
    sendData(res, await service.resetCounter(currentAccount(req).id, 'invoice'));
  });
  router.post('/reset-credit-note-counter', async (req, res) => {
    sendData(res, await service.resetCounter(currentAccount(req).id, 'credit_note'));
  });
  return router;
}
