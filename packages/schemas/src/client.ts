import { z } from 'zod';
import { MSG } from './messages.ts';
import { CIS_RATES, VAT_MESSAGES } from './vat.ts';
import { ZOptionalEmail, ZTimestamp, optionalText, requiredText } from './common.ts';
import { ZPeppolId, ZPeppolIdAnswer } from './peppol.ts';
import { ZPaymentTermsDays } from './company.ts';

/** Client names may be long (a PDF must still wrap a 5,000-character name). */
export const CLIENT_NAME_MAX = 5000;

export const ZClientRequest = z.strictObject({
  name: requiredText(MSG.nameRequired, CLIENT_NAME_MAX, 'Name'),
  /** optional: a homeowner may have none ('' is stored; sending a document then asks for an address) */
  email: ZOptionalEmail(MSG.invalidEmail),
  phone: optionalText(50, 'Phone'),
  address: optionalText(1000, 'Address'),
  /** a business customer (late-payment interest applies); new clients are consumers unless set; absent on an edit keeps the stored value */
  isBusiness: z.boolean({ error: 'isBusiness must be true or false' }).optional(),
  vatNumber: z.optional(optionalText(30, 'VAT number')),
  /** CIS deduction percent when the client is a CIS contractor (0, 20 or 30); null = none; absent on an edit keeps the stored value */
  cisRate: z
    .union(
      CIS_RATES.map((r) => z.literal(r)),
      { error: VAT_MESSAGES.cisRate },
    )
    .nullish(),
  /** the client's Peppol participant id (docs/data-transfer.md, "Electronic addresses"); null clears it, absent keeps the stored value */
  peppolId: ZPeppolId,
  /** the client's own payment terms in days, over the company's; null = the company's; absent on an edit keeps the stored value */
  paymentTermsDays: ZPaymentTermsDays.nullish(),
});
export type TClientRequest = z.input<typeof ZClientRequest>;

export const ZClient = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  isBusiness: z.boolean(),
  vatNumber: z.string().nullable(),
  /** present only when set (docs/product.md, "CIS"), so clients without it answer as before */
  cisRate: z.union(CIS_RATES.map((r) => z.literal(r))).optional(),
  /** present only when set, so clients without one answer as before */
  peppolId: ZPeppolIdAnswer.optional(),
  /** present only when the client has its own payment terms (docs/product.md, "Payment terms") */
  paymentTermsDays: z.number().int().optional(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TClient = z.infer<typeof ZClient>;
