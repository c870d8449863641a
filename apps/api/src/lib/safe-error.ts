/**
 * A loggable description of an unexpected error that cannot carry user data: drizzle puts
 * every query parameter (emails, names, password hashes) into its message, and PostgreSQL
 * quotes offending values in its own. Both are dropped; codes, SQL text and stacks stay.
 */
export interface SafeError {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: SafeError;
}

/** Postgres quotes values and identifiers alike; identifiers come back in their own fields. */
const unquote = (text: string) => text.replace(/"(?:[^"]|"")*"/g, '"…"');

function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  // The first line repeats the message; keep only the frames.
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

export function describeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'non-Error value thrown' };
  const e = err as Error & Record<string, unknown>;
  const isQueryError = typeof e.query === 'string' && 'params' in e;
  const isDriverError = typeof e.code === 'string' && ('severity' in e || 'routine' in e);
  const out: SafeError = {
    type: e.name,
    message: isQueryError ? `Failed query: ${e.query as string}` : isDriverError ? unquote(e.message) : e.message,
    stack: stackFrames(e.stack),
  };
  if (typeof e.code === 'string') out.code = e.code;
  for (const key of ['constraint', 'table', 'column'] as const) {
    if (typeof e[key] === 'string') out[key] = e[key] as string;
  }
  if (e.cause !== undefined && depth < 3) out.cause = describeError(e.cause, depth + 1);
  return out;
}
