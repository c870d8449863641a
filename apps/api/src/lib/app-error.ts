import { ERROR_MESSAGES, ERROR_STATUS, type TErrorCode } from '@docket/schemas/errors';

/** The one error type services throw; the error middleware turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }

  static notFound(what: string) {
    return new AppError('NOT_FOUND', ERROR_MESSAGES.notFound(what));
  }
  static conflict(message: string) {
    return new AppError('CONFLICT', message);
  }
  static badRequest(message: string, details?: Record<string, string>) {
    return new AppError('VALIDATION_ERROR', message, details);
  }
  static unauthorized(message: string = ERROR_MESSAGES.authRequired) {
    return new AppError('UNAUTHORIZED', message);
  }
  static forbidden(message: string) {
    return new AppError('FORBIDDEN', message);
  }
  static tooLarge(message: string = ERROR_MESSAGES.payloadTooLarge) {
    return new AppError('PAYLOAD_TOO_LARGE', message);
  }
}
