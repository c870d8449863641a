import { z } from 'zod';
import { MSG } from './messages.ts';
import { PAGE_LIMIT_MAX } from './constants.ts';

/** A required, trimmed string with a max length and the spec's "required" message. */
export const requiredText = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, MSG.tooLong(label, max));

/** An optional string: absent, null or blank all mean "not set" (stored as null). */
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, MSG.tooLong(label, max))
    .nullish()
    .transform((v) => (v ? v : null));

export const ZId = z.uuid({ error: MSG.invalidId });
export const ZIdParams = z.object({ id: ZId });

export const ZEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }))
    .transform((v) => v.toLowerCase());

/** Optional list parameters (issue 7). Without any of them a list answers a plain array. */
export const ZListQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_LIMIT_MAX, `limit must be ${PAGE_LIMIT_MAX} or less`)
    .optional(),
  cursor: z.string().max(200, 'Invalid cursor').optional(),
  q: z.string().trim().max(100, MSG.tooLong('Search', 100)).optional(),
  clientId: z.uuid({ error: MSG.invalidId }).optional(),
  status: z.string().max(20).optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

export interface TPage<T> {
  items: T[];
  nextCursor: string | null;
}

// ---- Response schemas: what the API answers, field for field (strict: an extra field fails) ----

/** An instant as the API writes it (Date.toISOString()). */
export const ZTimestamp = z.iso.datetime();
/** A calendar day, 'YYYY-MM-DD'. */
export const ZDay = z.iso.date();
/** One page of a paged list. */
export const ZPage = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item), nextCursor: z.string().nullable() });
/** A list route answers a plain array, or a page when `limit` or `cursor` is given. */
export const ZListAnswer = <T extends z.ZodType>(item: T) => z.union([z.array(item), ZPage(item)]);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** 'YYYY-MM-DD' that is a real calendar day. */
export function isIsoDate(value: string): boolean {
  // Year 0000 is valid to JavaScript but out of range for PostgreSQL's date and timestamp.
  if (!ISO_DATE.test(value) || value.startsWith('0000')) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** ISO 8601 date or date-time (offset optional; a date-time without one is read as UTC). */
export function parseIsoDateTime(value: string): Date | null {
  if (isIsoDate(value)) return new Date(`${value}T00:00:00Z`);
  if (!ISO_DATE_TIME.test(value) || !isIsoDate(value.slice(0, 10))) return null;
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const d = new Date(hasOffset ? value : `${value}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A date-time field on the wire: required with the given message, parsed to a Date. */
export const ZDateTime = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(40, MSG.invalidDate)
    .transform((v, ctx) => {
      const d = parseIsoDateTime(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: MSG.invalidDate });
        return z.NEVER;
      }
      return d;
    });
