import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';

const NOT_AN_OBJECT = 'Request body must be a JSON object';

/**
 * Parse request input with a shared schema. The first failing field's message becomes
 * `error` (the spec's exact text); `details` maps every failing field to its message.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
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
