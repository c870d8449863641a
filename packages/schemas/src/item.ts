import { z } from 'zod';
import { MSG } from './messages.ts';
import { hasAtMostDecimals } from './money.ts';
import { ZTimestamp, optionalText, requiredText } from './common.ts';
import { LINE_KINDS, VAT_CODES, VAT_MESSAGES } from './vat.ts';

export const PRICE_MAX = 10_000_000;

/** A price in pounds: >= 0, at most 2 decimals. */
export const ZPrice = z
  .number({ error: MSG.priceNonNegative })
  .min(0, MSG.priceNonNegative)
  .max(PRICE_MAX, MSG.priceMax)
  .refine((v) => hasAtMostDecimals(v, 2), MSG.priceDecimals);

export const ZItemRequest = z
  .strictObject({
    name: requiredText(MSG.nameRequired, 200, 'Name'),
    description: requiredText(MSG.descriptionRequired, 2000, 'Description'),
    price: ZPrice,
    /** what a line picked from the catalogue carries (docs/product.md, "VAT per line") */
    vat: z.enum(VAT_CODES, { error: VAT_MESSAGES.vatCode }).nullish(),
    kind: z.enum(LINE_KINDS, { error: VAT_MESSAGES.kind }).nullish(),
    unit: optionalText(20, 'Unit'),
  })
  // Unset VAT, kind and unit are left out, so an item without them reads exactly as before.
  .transform((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v !== null && v !== undefined)) as typeof i);
export type TItemRequest = z.input<typeof ZItemRequest>;

export const ZItem = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** pounds */
  price: z.number(),
  /** present only when set, so items without them answer as before */
  vat: z.enum(VAT_CODES).optional(),
  kind: z.enum(LINE_KINDS).optional(),
  unit: z.string().optional(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TItem = z.infer<typeof ZItem>;
