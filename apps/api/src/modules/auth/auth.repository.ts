import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bumpAccountsOfMember } from '../../db/account-lock.ts';
import { accounts, companies, memberships, passwordResetTokens, users } from '../../db/schema.ts';
import type { TRole } from '@docket/schemas/account';
import type { SessionLookup } from '../../middleware/authenticate.ts';
import { membershipHoldsToken, sessionValues, userHoldsToken, type SessionClaim } from '../../cache/session-check.ts';

export function createAuthRepository(db: Database) {
  // Every authenticated request looks its user up (a deleted user is refused at once, so no
  // cache): prepared once instead of rebuilding the SQL per request.
  const byId = db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      tokenVersion: users.tokenVersion,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');
  // The session check of every authenticated request: the user and their membership of the
  // token's account in one query, by the one session rule (cache/session-check.ts): no user when
  // it is gone or the token's version is not its own, no membership when it is not the token's.
  const sessionQuery = db
    .select({
      id: users.id,
      email: users.email,
      holdsToken: userHoldsToken(),
      accountId: accounts.id,
      accountName: accounts.name,
      engineersSeePrices: accounts.engineersSeePrices,
      role: memberships.role,
    })
    .from(users)
    .leftJoin(memberships, membershipHoldsToken(sql.placeholder('accountId')))
    .leftJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(users.id, sql.placeholder('sessionUserId')))
    .limit(1)
    .prepare('session_by_user_account');
  return {
    async findSession(claim: SessionClaim): Promise<SessionLookup> {
      const [row] = await sessionQuery.execute({ ...sessionValues(claim), accountId: claim.accountId });
      if (!row?.holdsToken) return { user: null, membership: null };
      const user = { id: row.id, email: row.email };
      if (!row.accountId || !row.role) return { user, membership: null };
      return {
        user,
        membership: { id: row.accountId, name: row.accountName ?? '', role: row.role as TRole, engineersSeePrices: row.engineersSeePrices ?? false },
      };
    },
    /** The user's accounts, their own (the one with their id) first, then oldest membership first. */
    async accountsOf(userId: string) {
      const rows = await db
        .select({
          id: accounts.id,
          name: sql<string>`coalesce(${companies.name}, ${accounts.name})`,
          role: memberships.role,
          sessionKey: memberships.sessionKey,
          engineersSeePrices: accounts.engineersSeePrices,
        })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        // the business's own name once its company profile has one
        .leftJoin(companies, eq(companies.userId, accounts.id))
        .where(eq(memberships.userId, userId))
        .orderBy(sql`${accounts.id} = ${userId} desc`, memberships.createdAt, accounts.id);
      return rows.map((r) => ({ ...r, role: r.role as TRole }));
    },
    async findByEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row ?? null;
    },
    async findById(id: string) {
      const [row] = await byId.execute({ id });
      return row ?? null;
    },
    /** One reset token per request; older unused ones for the user stop working. */
    async createResetToken(userId: string, tokenHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
      });
    },
    /**
     * Use a token: in one transaction mark it used (only if unused and unexpired), set the new
     * hash and raise the token version. null = invalid, expired or used.
     */
    async consumeResetToken(tokenHash: string, now: Date, passwordHash: string): Promise<{ id: string; email: string; tokenVersion: number } | null> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
          .returning({ userId: passwordResetTokens.userId });
        if (!token) return null;
        const [user] = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
          .where(eq(users.id, token.userId))
          .returning({ id: users.id, email: users.email, tokenVersion: users.tokenVersion });
        return user ?? null;
      });
    },
    /** Marks the address verified if it is still the account's; false = not this account's address now. */
    async markVerified(userId: string, email: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email}`))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** Reset links issued to the account since `since` (the per-address cap). */
    async resetTokensSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
      return row?.n ?? 0;
    },
    /**
     * A user, their own account (with the user's id) and their OWNER membership, in one transaction.
     * null when the email is taken (the unique index decides, so racing sign-ups are safe).
     */
    async create(email: string, passwordHash: string, name?: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ email, passwordHash, name: name || null })
          .onConflictDoNothing()
          .returning({ id: users.id, email: users.email, name: users.name });
        if (!row) return null;
        await tx.insert(accounts).values({ id: row.id, name: email });
        await tx.insert(memberships).values({ accountId: row.id, userId: row.id, role: 'OWNER' });
        return row;
      });
    },
    /** The user's own name; empty clears it (then the email's part before the @ is shown). */
    async updateName(userId: string, name: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ name: name || null, updatedAt: at })
          .where(eq(users.id, userId));
        await bumpAccountsOfMember(tx, userId);
      });
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
