import os from 'node:os';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * JSON logs to stdout (or to `destination`: the pretty printer in development). Redaction is a
 * second line of defence: request logs never carry bodies, and auth headers are stripped here in
 * case a serializer ever adds them.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'password', 'token', '*.password', '*.token'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/**
 * Development only: pino-pretty's stream, loaded on demand so production never imports it and
 * keeps one JSON object per line for log collectors.
 */
export async function developmentDestination(): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ colorize: process.stdout.isTTY, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true });
}

type Interfaces = NodeJS.Dict<os.NetworkInterfaceInfo[]>;

/**
 * Every address the server can be opened at (README, "Quick start"): a wildcard bind (HOST
 * 0.0.0.0, the default, or ::) listens on localhost and on each network address of this machine,
 * so all of them are listed, localhost first; a named host is the one address.
 */
export function listeningUrls(host: string, port: number, interfaces: Interfaces = os.networkInterfaces()): string[] {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  if (!wildcard) return [publicUrl(host, port)];
  const others = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    // 0.0.0.0 is IPv4 only; :: takes both. Link-local IPv6 needs a zone id no browser bar takes.
    .filter((i) => !i.internal && (i.family === 'IPv4' || (host === '::' && !i.address.startsWith('fe80'))))
    .map((i) => publicUrl(i.address, port));
  return [publicUrl(host, port), ...new Set(others)];
}

/** The address people open: a wildcard bind is reached through localhost. */
export function publicUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
