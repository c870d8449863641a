import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Request } from 'express';
import type { TRole } from '@docket/schemas/account';
import { accounts, memberships, users } from '../db/schema.ts';

export interface AuthUser {
  id: string;
  email: string;
}
/** The account a request works in, and the member's place in it. */
export interface AuthAccount {
  id: string;
  name: string;
  role: TRole;
  engineersSeePrices: boolean;
}
/**
 * What authenticate reads in one query, by the one session rule (below): the
 * user, null when gone or when the token's version is not its own; the membership of the token's
 * account, null when there is none the token holds.
 */
export interface SessionLookup {
  user: AuthUser | null;
  membership: AuthAccount | null;
}

/** A session as its token names it, not yet checked against the database. */
export interface SessionClaim {
  userId: string;
  /** the account the session works in (its user's own for tokens signed before accounts) */
  accountId: string;
  /** the membership key the token carries; null in tokens signed before accounts */
  sessionKey: string | null;
  tokenVersion: number;
}

/** The session a verified token names, not yet checked (the one-query paths check it in their query). */
export const sessionClaimOf = (req: Request): SessionClaim => ({
  userId: req.tokenUserId!,
  accountId: req.tokenAccountId ?? req.tokenUserId!,
  sessionKey: req.tokenSessionKey ?? null,
  tokenVersion: req.tokenVersion ?? 0,
});

/** A token signed before accounts carries no membership key: none is compared. */
const NO_KEY = '-';

/**
 * The session-validity rule, the one definition every check uses (authenticate, the kept answers'
 * and the kept PDFs' one-query paths):
 *
 * 1. the token's user still exists and the token carries the user's token version (a password
 *    reset or "sign out everywhere" raises it): `userHoldsToken`;
 * 2. the user holds a membership of the token's account, and a token that carries a membership
 *    key carries that membership's (a removed member, or one whose role changed, has a new key):
 *    `membershipHoldsToken`.
 *
 * Both are SQL over `users` and `memberships` with the placeholders `sessionValues` fills.
 */
export const userHoldsToken = (): SQL<boolean> =>
  sql<boolean>`(${users.id} = ${sql.placeholder('sessionUserId')}::uuid and ${users.tokenVersion} = ${sql.placeholder('tokenVersion')}::int)`;

export const membershipHoldsToken = (accountId: AnyPgColumn | SQL | Placeholder): SQL<boolean> =>
  sql<boolean>`(${memberships.userId} = ${users.id} and ${memberships.accountId} = ${accountId}
    and (${sql.placeholder('sessionKey')}::text = ${NO_KEY} or ${memberships.sessionKey}::text = ${sql.placeholder('sessionKey')}::text))`;

/**
 * What a query joined to a live session (`userHoldsToken`, `membershipHoldsToken` over `accounts`)
 * selects of it: what authenticate reads, so a one-query path can hand it over (`liveSessionOf`).
 */
export const liveSessionColumns = () => ({
  email: users.email,
  accountName: accounts.name,
  engineersSeePrices: accounts.engineersSeePrices,
  role: memberships.role,
});

/** The session as authenticate reads it, from a row of `liveSessionColumns` found for `claim`. */
export const liveSessionOf = (
  claim: Pick<SessionClaim, 'userId' | 'accountId'>,
  row: { email: string; accountName: string; engineersSeePrices: boolean | null; role: string },
): SessionLookup => ({
  user: { id: claim.userId, email: row.email },
  membership: { id: claim.accountId, name: row.accountName, role: row.role as TRole, engineersSeePrices: Boolean(row.engineersSeePrices) },
});

/** The placeholders' values for a session. */
export const sessionValues = (s: Pick<SessionClaim, 'userId' | 'sessionKey' | 'tokenVersion'>) => ({
  sessionUserId: s.userId,
  tokenVersion: s.tokenVersion,
  sessionKey: s.sessionKey ?? NO_KEY,
});

/** A token version no session has: a read behind the session rule (session-read.ts) then checks nothing. */
const TRUSTED_VERSION = -1;
/** The values of a caller that has checked the session already (a route behind authenticate). */
export const trustedValues = () => ({ sessionUserId: '00000000-0000-0000-0000-000000000000', tokenVersion: TRUSTED_VERSION, sessionKey: NO_KEY });
