import express, { Router, type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppContext } from './context.ts';
import { authenticate, identify } from './middleware/authenticate.ts';
import { apiNotFound, errorHandler } from './middleware/error-handler.ts';
import { createRateLimiter, ipKey, userOrIpKey } from './middleware/rate-limit.ts';
import { corsFor } from './middleware/cors.ts';
import { serveWebApp } from './middleware/web-app.ts';
import { jsonBody } from './middleware/json-body.ts';
import { requestLog } from './middleware/request-log.ts';
import { bindRequestContext } from './lib/request-context.ts';
import { apiRoutes, createModules } from './composition.ts';
import { inStage, mountRoutes } from './http/route.ts';
import { logoBodyParser } from './modules/company/company.routes.ts';

/** Build the Express app over a ready context. No listen: server.ts and tests do that. */
export function createApp(ctx: AppContext) {
  const { config } = ctx;
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
  app.use(requestLog(ctx.logger));
  app.use(bindRequestContext);

  const modules = createModules(ctx);

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
  // Forgot-password has a bucket of its own: asking for reset links cannot use up sign-in's.
  const resetLimiter = createRateLimiter({
    windowMs: window,
    limit: config.authRateLimitPerMinute,
    prefix: `${config.rateLimitPrefix}:reset:`,
    redis: ctx.redis,
    key: ipKey,
  });
  const publicLimiter = createRateLimiter({
    windowMs: window,
    limit: config.publicRateLimitPerMinute ?? 60,
    prefix: `${config.rateLimitPrefix}:public:`,
    redis: ctx.redis,
    key: ipKey,
  });
  const publicHeaders: RequestHandler = (_req, res, next) => {
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  const requireUser: RequestHandler = authenticate((claim) => modules.auth.findSession(claim));

  const publicOrigin = (req: Request) => config.publicAppUrl ?? `${req.protocol}://${req.get('host')}`;
  // The route registry (http/route.ts): every module's declared routes, mounted stage by stage below.
  const routes = apiRoutes(ctx, modules, { authLimiter, resetLimiter, publicOrigin });
  // What the tests' answer checks read (test/answer-schemas.ts): the registry this app mounted.
  app.locals.routes = routes;

  const api = Router();
  if (config.corsOrigin) api.use(corsFor(config.corsOrigin));
  api.use(identify(ctx.tokens));
  mountRoutes(api, inStage(routes, 'health'), { requireUser });
  // /api/public (client links): before the API's own limiter and body parser, with their own per-IP
  // limit, a body large enough for a drawn signature (parsed per route, after its early checks), and a 404 of their own.
  api.use('/public', publicHeaders, publicLimiter);
  mountRoutes(api, inStage(routes, 'public'), { requireUser, body: jsonBody('512kb') });
  api.use('/public', apiNotFound);
  // Provider webhooks: raw bodies (signatures cover the bytes), before the per-user limiter and JSON parser.
  mountRoutes(api, inStage(routes, 'webhook'), { requireUser });
  api.use('/webhooks', apiNotFound);
  api.use(apiLimiter);
  api.use('/company/logo', logoBodyParser);
  // Bodies that are files (CSV imports, receipts, statements): before the JSON body parser, which refuses any other body.
  mountRoutes(api, inStage(routes, 'upload'), { requireUser });
  api.use(jsonBody('256kb'));
  mountRoutes(api, inStage(routes, 'json'), { requireUser });
  api.use(apiNotFound);

  app.use('/api', api);
  if (config.webDistDir) app.use(serveWebApp(config.webDistDir));
  app.use(errorHandler(ctx.logger));
  return app;
}
