import { z } from 'zod';
import { ZEmail } from './common.ts';
import { MSG } from './messages.ts';

/** A member's role in an account (docs/product.md, "Accounts and roles"). */
export const ROLES = ['OWNER', 'OFFICE', 'ENGINEER', 'ACCOUNTANT'] as const;
export type TRole = (typeof ROLES)[number];

export const ROLE_MESSAGES = {
  refused: 'Your role does not allow this',
  role: 'Role must be one of OWNER, OFFICE, ENGINEER, ACCOUNTANT',
  lastOwner: 'An account always keeps at least one owner',
  alreadyMember: 'That person is already a member of this account',
  invitationInvalid: 'This invitation link is invalid, expired, cancelled or already used',
  invitationOtherEmail: 'This invitation was sent to another email address: sign in as that address to accept it',
  notMember: 'You are not a member of that account',
  noAccount: 'You are not a member of any business: ask for an invitation',
  deleteConfirm: "Type the business's name exactly as shown to delete it",
} as const;

export const ZRole = z.enum(ROLES, { error: ROLE_MESSAGES.role });

/**
 * What a route needs (docs/product.md, "Accounts and roles"); each API route declares its own
 * (`permission` in its declaration, apps/api/src/http/route.ts), the web hides what a role may not do.
 * - `self`: a signed-in user, in any account or none (who am I, my accounts, switch, accept an invitation)
 * - `field-read`: what an engineer reads on site: clients, items, quotes, the calendar, the company name
 * - `field-write`: what an engineer writes: clients (add), draft quotes, calendar events and their notes
 * - `read`: everything else read: documents, money, reports, exports, downloads, the outbox, the team
 * - `write`: every other change to the business's data and settings
 * - `team`: members, invitations and deleting the account (and the plan, once it can be changed)
 * - `vat-filing`: connecting to HMRC and filing VAT returns (Making Tax Digital): owners and accountants
 */
export type TPermission = 'self' | 'field-read' | 'field-write' | 'read' | 'write' | 'team' | 'vat-filing';

export const ROLE_PERMISSIONS: Record<TRole, readonly TPermission[]> = {
  OWNER: ['self', 'field-read', 'field-write', 'read', 'write', 'team', 'vat-filing'],
  OFFICE: ['self', 'field-read', 'field-write', 'read', 'write'],
  ENGINEER: ['self', 'field-read', 'field-write'],
  ACCOUNTANT: ['self', 'field-read', 'read', 'vat-filing'],
};

export const may = (role: TRole, permission: TPermission) => ROLE_PERMISSIONS[role].includes(permission);

/** What each role may do, as the web needs to know it to hide what is not offered; the server decides. */
export const ROLE_LABELS: Record<TRole, string> = {
  OWNER: 'Owner',
  OFFICE: 'Office',
  ENGINEER: 'Engineer',
  ACCOUNTANT: 'Accountant',
};

/** A member's own name (optional, docs/product.md "Accounts and roles"): empty clears it. */
export const MEMBER_NAME_MAX = 100;
export const ZMemberName = z
  .string({ error: 'Name must be text' })
  .trim()
  .max(MEMBER_NAME_MAX, `Name must be at most ${MEMBER_NAME_MAX} characters`)
  .refine((v) => !/\p{Cc}/u.test(v), 'Name cannot contain control characters');

/** The name a member is shown by: their own, else the part of their email before the @. */
export const memberName = (name: string | null | undefined, email: string): string => name?.trim() || email.split('@')[0] || email;

/** PATCH /auth/me: the signed-in user's own name. */
export const ZProfileRequest = z.strictObject({ name: ZMemberName });
export type TProfileRequest = z.infer<typeof ZProfileRequest>;

/** POST /account/invitations/{token}/accept: the invitee may give the name the team will see. */
export const ZAcceptInvitationRequest = z.strictObject({ name: ZMemberName.optional() });

export const ZMember = z.strictObject({ userId: z.uuid(), email: z.string(), name: z.string(), role: ZRole });
export type TMember = z.infer<typeof ZMember>;

export const ZMemberRoleRequest = z.strictObject({ role: ZRole });
export type TMemberRoleRequest = z.infer<typeof ZMemberRoleRequest>;

export const ZInvitationRequest = z.strictObject({ email: ZEmail(MSG.invalidEmail), role: ZRole });
export type TInvitationRequest = z.infer<typeof ZInvitationRequest>;

/** `url` only in the answer that made the invitation (the token is kept as a hash). */
export const ZInvitation = z.strictObject({
  id: z.uuid(),
  email: z.string(),
  role: ZRole,
  url: z.string().optional(),
  expiresAt: z.string(),
  createdAt: z.string().optional(),
  invitedBy: z.string().nullable().optional(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** An account the signed-in user belongs to. `current`: the one this session works in. */
export const ZAccountSummary = z.strictObject({ id: z.uuid(), name: z.string(), role: ZRole, current: z.boolean() });
export type TAccountSummary = z.infer<typeof ZAccountSummary>;

export const ZSwitchRequest = z.strictObject({ accountId: z.uuid({ error: 'accountId must be an account id' }) });

/** The account of the session: its name, the member's role and whether an engineer sees money. */
export const ZSessionAccount = z.strictObject({ id: z.uuid(), name: z.string(), role: ZRole, engineersSeePrices: z.boolean() });
export type TSessionAccount = z.infer<typeof ZSessionAccount>;

export const ZAccountSettingsRequest = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters').optional(),
  engineersSeePrices: z.boolean({ error: 'engineersSeePrices must be true or false' }).optional(),
});

/**
 * DELETE /account: the owner types the business's name (as GET /account answers it), so a stray
 * request cannot delete a business and everything it holds.
 */
export const ZDeleteAccountRequest = z.strictObject({ confirm: z.string({ error: ROLE_MESSAGES.deleteConfirm }).max(200, ROLE_MESSAGES.deleteConfirm) });
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

export const ZInvitationToken = z.strictObject({ token: z.string().min(20, ROLE_MESSAGES.invitationInvalid).max(200, ROLE_MESSAGES.invitationInvalid) });

/** GET and PATCH /account: the session's account as its member sees it. */
export const ZAccount = z.strictObject({ id: z.uuid(), name: z.string(), engineersSeePrices: z.boolean(), role: ZRole });
/** POST /account/invitations/{token}/accept: the membership joined. */
export const ZJoined = z.strictObject({ accountId: z.uuid(), accountName: z.string(), userId: z.uuid(), role: ZRole });

/**
 * The fields that carry money in any answer an engineer can reach: with the account's "Engineers
 * see prices" off they are left out of the answer (docs/product.md, "Accounts and roles").
 */
export const MONEY_KEY =
  /^(price|unitPrice|subtotal|total|totals|net|gross|vatBreakdown|reverseChargeVat|cisDeduction|latePayment|interest|compensation)$|Amount$|^amount|^balance|Total$|Totals$|Price$|Pence$/;

/** `value` with every money field left out, at any depth. */
export function withoutMoney(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMoney);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !MONEY_KEY.test(k))
        .map(([k, v]) => [k, withoutMoney(v)]),
    );
  }
  return value;
}
