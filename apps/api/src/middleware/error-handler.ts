import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ERROR_MESSAGES, type TApiFailure } from '@docket/schemas/errors';
import { AppError } from '../lib/app-error.ts';
import { describeError } from '../lib/safe-error.ts';

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
  code?: string;
}

/** Map what Express, body-parser and the database throw onto AppError. */
function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  const e = (err ?? {}) as HttpishError;
  if (e.type === 'entity.parse.failed') return new AppError('BAD_REQUEST', ERROR_MESSAGES.malformedJson);
  if (e.type === 'entity.too.large') return AppError.tooLarge();
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') return new AppError('BAD_REQUEST', 'Unsupported content encoding');
  if (e.type === 'request.aborted') return new AppError('BAD_REQUEST', 'Request aborted');
  // Postgres: a race the service's own checks could not see (unique / foreign key).
  const cause = (err as { cause?: HttpishError })?.cause ?? e;
  if (cause.code === '23505') return AppError.conflict('This record conflicts with an existing one');
  if (cause.code === '23503') return AppError.conflict('This record is referenced by other records');
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError('BAD_REQUEST', 'Bad request');
  }
  return null;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const appError = toAppError(err);
    if (!appError || appError.status >= 500) {
      // Log what went wrong (stack, driver code), never values: no body, headers or query params.
      const cause = appError ? appError.cause : err;
      logger.error({ error: describeError(cause), requestId: req.id, method: req.method, path: req.path }, appError ? appError.message : 'unhandled error');
    }
    const e = appError ?? new AppError('INTERNAL', ERROR_MESSAGES.internal);
    const body: TApiFailure = { success: false, error: e.message, code: e.code };
    if (e.details) body.details = e.details;
    res.status(e.status).json(body);
  };
}

export const apiNotFound: RequestHandler = (_req, res) => {
  const body: TApiFailure = { success: false, error: ERROR_MESSAGES.routeNotFound, code: 'NOT_FOUND' };
  res.status(404).json(body);
};
