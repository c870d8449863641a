import express, { Router, type RequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { sql } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { authenticate, identify } from './middleware/authenticate.ts';
import { apiNotFound, errorHandler } from './middleware/error-handler.ts';
import { createRateLimiter, ipKey, userOrIpKey } from './middleware/rate-limit.ts';
import { corsFor } from './middleware/cors.ts';
import { serveWebApp } from './middleware/web-app.ts';
import { jsonBody } from './middleware/json-body.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createClientsRepository } from './modules/clients/clients.repository.ts';
import { createClientsService } from './modules/clients/clients.service.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { createItemsRepository } from './modules/items/items.repository.ts';
import { createItemsService } from './modules/items/items.service.ts';
import { itemsRoutes } from './modules/items/items.routes.ts';
import { createCompanyRepository } from './modules/company/company.repository.ts';
import { createCompanyService } from './modules/company/company.service.ts';
import { companyRoutes, logoBodyParser } from './modules/company/company.routes.ts';
import { createCountersRepository } from './modules/numbering/counters.repository.ts';
import { createUsageRepository } from './modules/subscription/usage.repository.ts';
import { createLimitsService } from './modules/subscription/limits.service.ts';
import { createDocumentModules } from './modules/documents/documents.module.ts';
import { sendData } from './lib/respond.ts';
import { bindRequestContext } from './lib/request-context.ts';
import { createPreviewsRepository } from './modules/previews/previews.repository.ts';
import { createPreviewsService } from './modules/previews/previews.service.ts';
import { previewsRoutes } from './modules/previews/previews.routes.ts';

/** Build the Express app over a ready context. No listen: server.ts and tests do that. */
export function createApp(ctx: AppContext) {
  const { db, config } = ctx;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The SPA's own bundles only; inline styles for Radix/FullCalendar positioning.
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          // PDF previews open as blob: documents that inherit this policy.
          'object-src': ["'self'", 'blob:'],
          'frame-src': ["'self'", 'blob:'],
        },
      },
    }),
  );
  app.use(
    pinoHttp({
      logger: ctx.logger,
      // Path only: query strings can carry search text (client names).
      serializers: {
        req: (req: { method: string; url: string; id: unknown }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api') },
    }),
  );
  app.use(bindRequestContext);

  const counters = createCountersRepository(db);
  const limits = createLimitsService(createUsageRepository(db), ctx.clock, config.planLimitOverrides);
  const authService = createAuthService(createAuthRepository(db), ctx.tokens, config.bcryptCost);
  const companyService = createCompanyService(createCompanyRepository(db), counters);
  const clientsService = createClientsService(createClientsRepository(db), {
    assertCanCreateClient: (userId) => limits.assertCanCreate(userId, 'clients'),
  });
  const itemsService = createItemsService(createItemsRepository(db));
  const documents = createDocumentModules({ db, clock: ctx.clock, counters, limits });

  const window = config.rateLimitWindowMs;
  const apiLimiter = createRateLimiter({
    windowMs: window,
    limit: config.rateLimitPerMinute,
    prefix: `${config.rateLimitPrefix}:api:`,
    redis: ctx.redis,
    key: userOrIpKey,
  });
  const authLimiter = createRateLimiter({
    windowMs: window,
    limit: config.authRateLimitPerMinute,
    prefix: `${config.rateLimitPrefix}:auth:`,
    redis: ctx.redis,
    key: ipKey,
  });
  const requireUser: RequestHandler = authenticate((id) => authService.findUser(id));

  const api = Router();
  if (config.corsOrigin) api.use(corsFor(config.corsOrigin));
  api.use(identify(ctx.tokens));
  api.get('/health', async (_req, res) => {
    await db.execute(sql`select 1`);
    sendData(res, { status: 'ok', database: ctx.dbKind });
  });
  api.use(apiLimiter);
  api.use('/company/logo', logoBodyParser);
  api.use(jsonBody('256kb'));

  api.use('/auth', authRoutes(authService, { authLimiter, authenticate: requireUser }));
  api.use('/clients', requireUser, clientsRoutes(clientsService));
  api.use('/items', requireUser, itemsRoutes(itemsService));
  api.use('/company', requireUser, companyRoutes(companyService));
  api.use(previewsRoutes(createPreviewsService(createPreviewsRepository(db), ctx.clock, companyService.logoForPdf), requireUser));
  documents.mount(api, requireUser);
  api.use(apiNotFound);

  app.use('/api', api);
  if (config.webDistDir) app.use(serveWebApp(config.webDistDir));
  app.use(errorHandler(ctx.logger));
  return app;
}
