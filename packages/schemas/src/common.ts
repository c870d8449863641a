import { z } from 'zod';
import { MSG } from './messages.ts';
import { PAGE_LIMIT_MAX } from './constants.ts';

/**
 * Characters that print nothing: spaces of every kind, zero-width and joiner characters, soft
 * hyphen, direction marks and other format controls, variation selectors, Hangul fillers and
 * the blank Braille cell (docs/product.md, "Text").
 */
const INVISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\u2800\u3164\uFFA0\u115F\u1160]*$/u;
/**
 * Identifiers (prefixes, VAT and bank numbers) refuse control and format characters: among
 * them the direction embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) that
 * can make "INV0042" display as something else, and the zero-width characters.
 */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

/**
 * What XML 1.0 cannot carry (docs/data-transfer.md, "What we refuse"): C0 controls other than
 * tab, line feed and carriage return, the non-characters U+FFFE and U+FFFF, and unpaired
 * surrogates. Every free text may end up in a UBL or Factur-X e-invoice, so none may hold them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NOT_XML_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isXmlText = (value: string): boolean => !NOT_XML_TEXT.test(value);

export const hasVisibleCharacter = (value: string): boolean => !INVISIBLE.test(value);
export const isCleanIdentifier = (value: string): boolean => !CONTROL_OR_FORMAT.test(value);

/** A required, trimmed string with a max length and the spec's "required" message; blank-looking text is missing. */
export const requiredText = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, MSG.tooLong(label, max))
    // Empty text already has the required message from min(1); one message per field.
    .refine((v) => v.length === 0 || hasVisibleCharacter(v), message)
    .refine(isXmlText, MSG.notXmlText(label));

/** An optional identifier (VAT number, bank details): no invisible or direction-changing characters. */
export const optionalIdentifier = (max: number, label: string) =>
  optionalText(max, label).refine((v) => v === null || isCleanIdentifier(v), MSG.invisibleOrBidi(label));

/** An optional string: absent, null or blank all mean "not set" (stored as null). */
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, MSG.tooLong(label, max))
    .refine(isXmlText, MSG.notXmlText(label))
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

/** An email address or nothing: empty, null or absent all read as '' (lower case, like ZEmail). */
export const ZOptionalEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .nullish()
    .transform((v) => (v ?? '').toLowerCase())
    .refine((v) => v === '' || z.email().safeParse(v).success, message);

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

/** YYYY-MM-DD as the user reads it, DD/MM/YYYY (messages and history written by the API). */
export const ukDate = (day: string): string => day.split('-').reverse().join('/');

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

/** A DELETE that answers the id it removed. */
export const ZDeletedAnswer = z.strictObject({ id: z.string() });
/** A DELETE of a link: whether one was live. */
export const ZRevokedAnswer = z.strictObject({ revoked: z.boolean() });
/** An answer that is only a sentence for the person (auth emails and links). */
export const ZMessageAnswer = z.strictObject({ message: z.string() });
/** GET /api/health. */
export const ZHealth = z.strictObject({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
