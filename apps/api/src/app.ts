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
import { createModules, mountHealth, mountImports, mountModules, mountPublic, mountWebhooks } from './composition.ts';
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

  const api = Router();
  if (config.corsOrigin) api.use(corsFor(config.corsOrigin));
  api.use(identify(ctx.tokens));
  mountHealth(api, ctx);
  const publicOrigin = (req: Request) => config.publicAppUrl ?? `${req.protocol}://${req.get('host')}`;
  mountPublic(api, modules, [publicHeaders, publicLimiter], jsonBody('512kb'), publicOrigin);
  // Provider webhooks: raw bodies (signatures cover the bytes), before the per-user limiter and JSON parser.
  mountWebhooks(api, modules);
  api.use(apiLimiter);
  api.use('/company/logo', logoBodyParser);
  mountImports(api, modules, requireUser);
  api.use(jsonBody('256kb'));

  mountModules(api, modules, { requireUser, authLimiter, resetLimiter, publicOrigin });
  api.use(apiNotFound);

  app.use('/api', api);
  if (config.webDistDir) app.use(serveWebApp(config.webDistDir));
  app.use(errorHandler(ctx.logger));
  return app;
}
