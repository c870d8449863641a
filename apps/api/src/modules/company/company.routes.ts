import express, { type RequestHandler } from 'express';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { ZCompany, ZCompanyQuery, ZCompanyRequest, ZLogoRequest } from '@docket/schemas/company';
import { defineRoute, type Route } from '../../http/route.ts';
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

/** /company: the profile, its logo and the number counters. */
export function companyRoutes(service: CompanyService): Route[] {
  const counter = (path: string, kind: 'quote' | 'invoice' | 'credit_note') =>
    defineRoute({
      method: 'post',
      path: `/company/${path}`,
      permission: 'write',
      response: ZCompany,
      handler: ({ accountId }) => service.resetCounter(accountId, kind),
    });
  return [
    defineRoute({
      method: 'get',
      path: '/company',
      permission: 'field-read',
      request: { query: ZCompanyQuery },
      // ?optional=true answers null when there is no profile yet.
      response: ZCompany.nullable(),
      handler: async ({ accountId, query }) => (query.optional === 'true' ? await service.find(accountId) : await service.get(accountId)),
    }),
    defineRoute({
      method: 'post',
      path: '/company',
      permission: 'write',
      request: { body: ZCompanyRequest },
      response: ZCompany,
      status: 201,
      handler: ({ accountId, body }) => service.create(accountId, body),
    }),
    defineRoute({
      method: 'put',
      path: '/company',
      permission: 'write',
      request: { body: ZCompanyRequest },
      response: ZCompany,
      handler: ({ accountId, body }) => service.update(accountId, body),
    }),
    // The body was parsed by logoBodyParser (app.ts mounts it on /company/logo before the JSON parser).
    defineRoute({
      method: 'post',
      path: '/company/logo',
      permission: 'write',
      request: { body: ZLogoRequest },
      response: ZCompany,
      handler: ({ accountId, body }) => service.setLogo(accountId, body.logo),
    }),
    defineRoute({
      method: 'delete',
      path: '/company/logo',
      permission: 'write',
      response: ZCompany,
      handler: ({ accountId }) => service.removeLogo(accountId),
    }),
    counter('reset-quote-counter', 'quote'),
    counter('reset-invoice-counter', 'invoice'),
    counter('reset-credit-note-counter', 'credit_note'),
  ];
}
