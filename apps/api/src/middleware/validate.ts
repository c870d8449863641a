import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';

const NOT_AN_OBJECT = 'Request body must be a JSON object';
export const BAD_TEXT = 'Text cannot contain control characters or invalid Unicode';

// C0 controls except tab/newline/carriage return, DEL and C1 controls, and unpaired surrogates:
// PostgreSQL refuses NUL outright and the others only ever arrive from broken or hostile clients;
// U+FFFD is what a decoder leaves of invalid UTF-8 (query strings are decoded that way).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const FORBIDDEN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Path of the first string holding forbidden characters (schemas refuse anything deeper). */
function findBadText(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return FORBIDDEN_TEXT.test(value) ? path : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    const found = findBadText(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Parse request input with a shared schema. The first failing field's message becomes
 * `error` (the spec's exact text); `details` maps every failing field to its message.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const bad = findBadText(input, []);
  if (bad) throw AppError.badRequest(BAD_TEXT, { [bad.join('.') || '_']: BAD_TEXT });
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  let first: string | undefined;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    // A JSON array or scalar where an object belongs: say so instead of zod's internal wording.
    const message = issue.path.length === 0 && issue.code === 'invalid_type' ? NOT_AN_OBJECT : issue.message;
    details[key] ??= message;
    first ??= message;
  }
  throw AppError.badRequest(first ?? 'Invalid request', details);
}
