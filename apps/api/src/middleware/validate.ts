import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';

/**
 * Parse request input with a shared schema. The first failing field's message becomes
 * `error` (the spec's exact text); `details` maps every failing field to its message.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    details[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'Invalid request';
  throw AppError.badRequest(first, details);
}
