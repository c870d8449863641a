import { pino, type Logger } from 'pino';

/**
 * JSON logs to stdout. Redaction is a second line of defence: request logs never carry
 * bodies, and auth headers are stripped here in case a serializer ever adds them.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', 'token', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}
