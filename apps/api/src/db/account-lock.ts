import { eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { accounts, accountVersions, memberships, users } from './schema.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Takes the account's row lock for the rest of `tx`. A limit counted after this (emails today,
 * clients held) cannot be passed by a parallel request, and two owners changing the team cannot
 * both leave it without an owner: on PostgreSQL the second transaction waits here until the first
 * commits, then sees what the first wrote (docs/reliability.md, "Limits under parallel requests").
 * On PGlite transactions already run one at a time.
 *
 * FOR NO KEY UPDATE, not FOR UPDATE: two of these still wait on each other, but the foreign-key
 * checks of the account's other writes (every invoice, payment, history entry names the account,
 * and checks it FOR KEY SHARE) do not wait for this one to commit; under FOR UPDATE a client being
 * created stalled every other write of the account until it committed.
 *
 * `emailVerifiedAt` is the founder's (the user whose id the account has): until they verify their
 * address the account emails only itself.
 */
export async function lockAccount(tx: Tx, accountId: string): Promise<{ createdAt: Date; emailVerifiedAt: Date | null } | null> {
  const [row] = await tx
    .select({ createdAt: accounts.createdAt, emailVerifiedAt: users.emailVerifiedAt })
    .from(accounts)
    .leftJoin(users, eq(users.id, accounts.id))
    .where(eq(accounts.id, accountId))
    .for('no key update', { of: accounts });
  return row ?? null;
}

/**
 * A member's name changed: every account the user belongs to moves all its version counters, so no
 * kept answer (docs/product.md, "Kept answers") is served naming them the old way.
 */
export async function bumpAccountsOfMember(tx: Tx, userId: string): Promise<void> {
  const v = accountVersions;
  const column = (c: { name: string }) => sql.identifier(c.name);
  await tx.execute(sql`insert into ${v} (${column(v.userId)}, ${column(v.version)}, ${column(v.invoicesVersion)}, ${column(v.clientsVersion)})
    select ${memberships.accountId}, 1, 1, 1 from ${memberships} where ${memberships.userId} = ${userId}
    on conflict (${column(v.userId)}) do update set ${column(v.version)} = ${v.version} + 1,
      ${column(v.invoicesVersion)} = ${v.invoicesVersion} + 1, ${column(v.clientsVersion)} = ${v.clientsVersion} + 1`);
}
