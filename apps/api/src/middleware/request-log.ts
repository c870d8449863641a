import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** This request's id in the logs (request-context.ts carries it to code far from the request). */
      id: string;
    }
  }
}

/** A client link's token is a password: the path keeps its place, never its value. */
const PUBLIC_TOKEN = /^(\/api\/public\/(?:documents|quotes)\/)[^/]+/;

/** The path as logged: no query string (it can carry search text such as client names), no link token. */
export const loggedPath = (url: string): string => url.split('?')[0]!.replace(PUBLIC_TOKEN, '$1:token');

/**
 * One line per API request once it is answered (or abandoned): method, path, status and time,
 * never headers or bodies. Written as one call on the shared logger, with no logger made per
 * request, because this runs on every request (docs/reliability.md, "Request logs").
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    req.id = randomUUID();
    if (!req.url.startsWith('/api')) return next();
    const started = performance.now();
    // 'close' follows every response, sent or abandoned: one listener answers both
    res.once('close', () => {
      const status = res.writableFinished ? res.statusCode : undefined;
      const line = {
        req: { id: req.id, method: req.method, path: loggedPath(req.originalUrl) },
        res: { statusCode: status ?? null },
        responseTime: Math.round(performance.now() - started),
      };
      if (status === undefined) logger.warn(line, 'request aborted');
      else if (status >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
