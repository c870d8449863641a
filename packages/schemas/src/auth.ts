import { z } from 'zod';
import { MSG } from './messages.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { ZEmail } from './common.ts';
import { ZMemberName, ZSessionAccount } from './account.ts';

/**
 * bcrypt reads only a password's first 72 bytes of UTF-8: a longer one would match anything that
 * starts the same (docs/product.md, "Passwords"). Refused at sign-up and at sign-in alike.
 */
export const PASSWORD_MAX_BYTES = 72;
const utf8Length = (value: string) => new TextEncoder().encode(value).length;
const withinBcryptBytes = (value: string) => utf8Length(value) <= PASSWORD_MAX_BYTES;

export const ZLoginRequest = z.strictObject({
  email: ZEmail(MSG.invalidEmail),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(128, MSG.passwordMax).refine(withinBcryptBytes, MSG.passwordBytesMax),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZNewPassword = z
  .string({ error: MSG.passwordMin })
  .min(PASSWORD_MIN_LENGTH, MSG.passwordMin)
  .max(128, MSG.passwordMax)
  .refine(withinBcryptBytes, MSG.passwordBytesMax);

/** What the API takes (email, password, an optional name); a confirmPassword, when sent, must match. */
export const ZRegisterRequest = z
  .strictObject({
    name: ZMemberName.optional(),
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
    name: ZMemberName.optional(),
    email: ZEmail(MSG.invalidEmail),
    password: ZNewPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
export type TRegisterForm = z.input<typeof ZRegisterForm>;

/**
 * `emailVerified`: until true the account emails only itself (docs/product.md, "Verifying your email address").
 * `name`: the name the team sees (their own, else the email's part before the @).
 */
export const ZUser = z.strictObject({ id: z.uuid(), email: z.string(), name: z.string(), emailVerified: z.boolean() });
export type TUser = z.infer<typeof ZUser>;
/** `account`: the business the session works in (absent when the user belongs to none). */
export const ZAuthResult = z.strictObject({ user: ZUser, token: z.string().min(1), account: ZSessionAccount.optional() });
export type TAuthResult = z.infer<typeof ZAuthResult>;

/** GET /auth/me: the user, and the account the session works in. */
export const ZMe = ZUser.extend({ account: ZSessionAccount.optional() });
