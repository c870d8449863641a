import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TRole } from '@docket/schemas/account';
import type { Database } from '../../db/client.ts';
import { bumpAccountsOfMember, lockAccount } from '../../db/account-lock.ts';
import { accountInvitations, accounts, companies, memberships, users } from '../../db/schema.ts';

export type InvitationRow = typeof accountInvitations.$inferSelect;
export type AcceptOutcome =
  { ok: true; accountId: string; accountName: string; userId: string; role: TRole } | { ok: false; reason: 'invalid' | 'other-email' };

/** Members, invitations and the account row (docs/product.md, "Accounts and roles"). */
export function createTeamRepository(db: Database) {
  const ownersOf = async (tx: Parameters<Parameters<Database['transaction']>[0]>[0], accountId: string) => {
    const [row] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'OWNER')));
    return Number(row?.n ?? 0);
  };
  return {
    /**
     * The account as its members see it: named by its company profile once it has one. (A joined
     * row, as in auth's accountsOf: a subquery's unqualified columns had resolved inside companies,
     * so the profile's name was never found.)
     */
    async account(accountId: string) {
      const [row] = await db
        .select({ id: accounts.id, name: sql<string>`coalesce(${companies.name}, ${accounts.name})`, engineersSeePrices: accounts.engineersSeePrices })
        .from(accounts)
        .leftJoin(companies, eq(companies.userId, accounts.id))
        .where(eq(accounts.id, accountId));
      return row ?? null;
    },
    async updateAccount(accountId: string, set: { name?: string; engineersSeePrices?: boolean }, at: Date) {
      await db
        .update(accounts)
        .set({ ...set, updatedAt: at })
        .where(eq(accounts.id, accountId));
    },
    async members(accountId: string) {
      const rows = await db
        .select({ userId: memberships.userId, email: users.email, name: users.name, role: memberships.role })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.accountId, accountId))
        .orderBy(asc(memberships.createdAt), asc(users.email));
      return rows.map((r) => ({ ...r, role: r.role as TRole }));
    },
    /**
     * A new role under the account's row lock; a new session key ends the member's sessions for the
     * account. null: not a member; 'last-owner': the only owner would be demoted.
     */
    async changeRole(accountId: string, userId: string, role: TRole): Promise<'changed' | 'last-owner' | null> {
      return db.transaction(async (tx) => {
        await lockAccount(tx, accountId);
        const [member] = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
        if (!member) return null;
        if (member.role === role) return 'changed';
        if (member.role === 'OWNER' && (await ownersOf(tx, accountId)) <= 1) return 'last-owner';
        await tx
          .update(memberships)
          .set({ role, sessionKey: sql`gen_random_uuid()` })
          .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
        return 'changed';
      });
    },
    /**
     * Deletes the account under its row lock: every tenant table's rows go with it (their
     * `account_id` cascades), memberships and invitations included, so its members' sessions for
     * it end. The users stay: a login may belong to other accounts. false: no such account.
     */
    async deleteAccount(accountId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await lockAccount(tx, accountId))) return false;
        await tx.delete(accounts).where(eq(accounts.id, accountId));
        return true;
      });
    },
    /** Removes a member under the account's row lock (two owners removing each other leave one). */
    async removeMember(accountId: string, userId: string): Promise<'removed' | 'last-owner' | null> {
      return db.transaction(async (tx) => {
        await lockAccount(tx, accountId);
        const [member] = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
        if (!member) return null;
        if (member.role === 'OWNER' && (await ownersOf(tx, accountId)) <= 1) return 'last-owner';
        await tx.delete(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
        return 'removed';
      });
    },
    async isMemberEmail(accountId: string, email: string) {
      const [row] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, accountId), sql`lower(${users.email}) = lower(${email})`));
      return Boolean(row);
    },
    async createInvitation(values: { accountId: string; email: string; role: TRole; tokenHash: string; expiresAt: Date; invitedBy: string; createdAt: Date }) {
      const [row] = await db.insert(accountInvitations).values(values).returning();
      return row!;
    },
    /** Invitations neither accepted, cancelled nor expired, oldest first. */
    async pending(accountId: string, now: Date) {
      return db
        .select({ invitation: accountInvitations, invitedByEmail: users.email, invitedByName: users.name })
        .from(accountInvitations)
        .leftJoin(users, eq(users.id, accountInvitations.invitedBy))
        .where(
          and(
            eq(accountInvitations.accountId, accountId),
            isNull(accountInvitations.acceptedAt),
            isNull(accountInvitations.cancelledAt),
            gt(accountInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(accountInvitations.createdAt), asc(accountInvitations.id));
    },
    async pendingOne(accountId: string, id: string, now: Date) {
      const [row] = await db
        .select()
        .from(accountInvitations)
        .where(
          and(
            eq(accountInvitations.accountId, accountId),
            eq(accountInvitations.id, id),
            isNull(accountInvitations.acceptedAt),
            isNull(accountInvitations.cancelledAt),
            gt(accountInvitations.expiresAt, now),
          ),
        );
      return row ?? null;
    },
    async cancel(accountId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(accountInvitations)
        .set({ cancelledAt: at })
        .where(
          and(
            eq(accountInvitations.accountId, accountId),
            eq(accountInvitations.id, id),
            isNull(accountInvitations.acceptedAt),
            isNull(accountInvitations.cancelledAt),
          ),
        )
        .returning({ id: accountInvitations.id });
      return rows.length === 1;
    },
    /** Resend: a new token and 7 more days; the old link stops working. */
    async renew(accountId: string, id: string, tokenHash: string, expiresAt: Date) {
      const [row] = await db
        .update(accountInvitations)
        .set({ tokenHash, expiresAt })
        .where(
          and(
            eq(accountInvitations.accountId, accountId),
            eq(accountInvitations.id, id),
            isNull(accountInvitations.acceptedAt),
            isNull(accountInvitations.cancelledAt),
          ),
        )
        .returning();
      return row ?? null;
    },
    /**
     * Accepts under the invitation's row lock: a second accept (a double click, two tabs) by the same
     * user answers the same membership and joins nothing twice. A present member keeps their role.
     * `name`, when given, becomes the user's own name (the name the team sees).
     */
    async accept(tokenHash: string, user: { id: string; email: string }, now: Date, name?: string): Promise<AcceptOutcome> {
      return db.transaction(async (tx) => {
        const [inv] = await tx.select().from(accountInvitations).where(eq(accountInvitations.tokenHash, tokenHash)).for('update');
        if (!inv || inv.cancelledAt) return { ok: false, reason: 'invalid' } as const;
        if (inv.acceptedAt && inv.acceptedBy !== user.id) return { ok: false, reason: 'invalid' } as const;
        if (!inv.acceptedAt && inv.expiresAt <= now) return { ok: false, reason: 'invalid' } as const;
        if (inv.email.toLowerCase() !== user.email.toLowerCase()) return { ok: false, reason: 'other-email' } as const;
        await lockAccount(tx, inv.accountId);
        await tx.insert(memberships).values({ accountId: inv.accountId, userId: user.id, role: inv.role }).onConflictDoNothing();
        if (name) {
          await tx.update(users).set({ name, updatedAt: now }).where(eq(users.id, user.id));
          await bumpAccountsOfMember(tx, user.id);
        }
        if (!inv.acceptedAt) await tx.update(accountInvitations).set({ acceptedAt: now, acceptedBy: user.id }).where(eq(accountInvitations.id, inv.id));
        const [member] = await tx
          .select({ role: memberships.role, name: sql<string>`coalesce(${companies.name}, ${accounts.name})` })
          .from(memberships)
          .innerJoin(accounts, eq(accounts.id, memberships.accountId))
          .leftJoin(companies, eq(companies.userId, accounts.id))
          .where(and(eq(memberships.accountId, inv.accountId), eq(memberships.userId, user.id)));
        if (!member) return { ok: false, reason: 'invalid' } as const;
        return { ok: true, accountId: inv.accountId, accountName: member.name, userId: user.id, role: member.role as TRole } as const;
      });
    },
  };
}
export type TeamRepository = ReturnType<typeof createTeamRepository>;
