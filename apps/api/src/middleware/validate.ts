import type { z } from 'zod';
import { MSG } from '@docket/schemas/messages';
import { AppError } from '../lib/app-error.ts';

const NOT_AN_OBJECT = 'Request body must be a JSON object';
export const BAD_TEXT = 'Text cannot contain control characters or invalid Unicode';

// C0 controls except tab/newline/carriage return, DEL and C1 controls, and unpaired surrogates:
// PostgreSQL refuses NUL outright and the others only ever arrive from broken or hostile clients;
// U+FFFD is what a decoder leaves of invalid UTF-8 (query strings are decoded that way).
export const FORBIDDEN_TEXT =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

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
  const result = schema.safeParse(input ?? {});
  if (bad) {
    // The field's own message when its schema names what is wrong (shared text fields say
    // "<Label> cannot contain control characters…"), else the general one; either way the field is named in details.
    const key = bad.join('.') || '_';
    const message = result.success ? BAD_TEXT : (result.error.issues.find((i) => i.path.map(String).join('.') === key)?.message ?? BAD_TEXT);
    throw AppError.badRequest(message, { [key]: message });
  }
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  let first: string | undefined;
  for (const issue of result.error.issues) {
    // A key no schema knows is named, one detail per key: a misspelt field must never pass unnoticed.
    if (issue.code === 'unrecognized_keys') {
      for (const unknown of issue.keys) {
        const path = [...issue.path.map(String), unknown].join('.');
        const message = MSG.unknownField(path);
        details[path] ??= message;
        first ??= message;
      }
      continue;
    }
    const key = issue.path.map(String).join('.') || '_';
    // A JSON array or scalar where an object belongs: say so instead of zod's internal wording.
    const message = issue.path.length === 0 && issue.code === 'invalid_type' ? NOT_AN_OBJECT : issue.message;
    details[key] ??= message;
    first ??= message;
  }
  throw AppError.badRequest(first ?? 'Invalid request', details);
}
