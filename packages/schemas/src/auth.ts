import { z } from 'zod';
import { MSG } from './messages.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { ZEmail } from './common.ts';

/**
 * bcrypt reads only a password's first 72 bytes of UTF-8: a longer one would match anything that
 * starts the same (docs/product.md, "Passwords"). Refused at sign-up and at sign-in alike.
 */
export const PASSWORD_MAX_BYTES = 72;
const utf8Length = (value: string) => new TextEncoder().encode(value).length;
const withinBcryptBytes = (value: string) => utf8Length(value) <= PASSWORD_MAX_BYTES;

export const ZLoginRequest = z.object({
  email: ZEmail(MSG.invalidEmail),
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(128, MSG.passwordMax)
    .refine(withinBcryptBytes, MSG.passwordBytesMax),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZNewPassword = z
  .string({ error: MSG.passwordMin })
  .min(PASSWORD_MIN_LENGTH, MSG.passwordMin)
  .max(128, MSG.passwordMax)
  .refine(withinBcryptBytes, MSG.passwordBytesMax);

/** What the API takes (email, password); a confirmPassword, when sent, must match. */
export const ZRegisterRequest = z
  .object({
    email: ZEmail(MSG.invalidEmail),
    password: ZNewPassword,
    confirmPassword: z.string({ error: MSG.passwordsDontMatch }).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** What the Sign Up form checks: the request plus the confirmation. */
export const ZRegisterForm = z
  .object({
    email: ZEmail(MSG.invalidEmail),
    password: ZNewPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
export type TRegisterForm = z.input<typeof ZRegisterForm>;

export const ZUser = z.strictObject({ id: z.uuid(), email: z.string() });
export type TUser = z.infer<typeof ZUser>;
export const ZAuthResult = z.strictObject({ user: ZUser, token: z.string().min(1) });
export type TAuthResult = z.infer<typeof ZAuthResult>;
