import { z } from 'zod';
import { MSG } from './messages.ts';
import { ZEmail, ZTimestamp, optionalText, requiredText } from './common.ts';

/** Client names may be long (a PDF must still wrap a 5,000-character name). */
export const CLIENT_NAME_MAX = 5000;

export const ZClientRequest = z.object({
  name: requiredText(MSG.nameRequired, CLIENT_NAME_MAX, 'Name'),
  email: ZEmail(MSG.invalidEmail),
  phone: optionalText(50, 'Phone'),
  address: optionalText(1000, 'Address'),
  /** a business customer (late-payment interest applies); new clients are consumers unless set; absent on an edit keeps the stored value */
  isBusiness: z.boolean({ error: 'isBusiness must be true or false' }).optional(),
  vatNumber: z.optional(optionalText(30, 'VAT number')),
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
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TClient = z.infer<typeof ZClient>;
