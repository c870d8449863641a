import { and, eq, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { accounts, keptAnswers, memberships, users } from '../db/schema.ts';
import { answerVersionSql, isKeptAnswerName } from './kept-answer-topics.ts';
import {
  liveSessionColumns,
  liveSessionOf,
  membershipHoldsToken,
  sessionValues,
  userHoldsToken,
  type SessionClaim,
  type SessionLookup,
} from './session-check.ts';

/**
 * A live session's row of the one-query read (no row: the session is not valid, or an engineer's):
 * the account's version now, the body kept under it for the day (null: none), and the session as
 * authenticate reads it.
 */
export interface KeptForSessionRow {
  version: number;
  body: string | null;
  session: SessionLookup;
}

/** An answer's name: letters, digits and hyphens ('dashboard', 'quotes-50'), as the prepared read takes them. */
const NAME = /^[a-z0-9-]{1,40}$/;

/** The named answer's version now (the counters it watches, summed): 0 until its account's first change. */
const versionNow = (userId: SQL | Placeholder | AnyPgColumn) => answerVersionSql(userId, sql.placeholder('name'));

/** The text kept for the name and day placeholders under `version`, or null. */
const keptBody = (userId: SQL | Placeholder | AnyPgColumn, version: SQL) =>
  sql<string | null>`(select ${keptAnswers.body} from ${keptAnswers}
    where ${keptAnswers.userId} = ${userId} and ${keptAnswers.name} = ${sql.placeholder('name')}::text
      and ${keptAnswers.day} = ${sql.placeholder('day')}::date and ${keptAnswers.version} = ${version})`;

/**
 * Answers kept as the JSON text sent, per version and London day (docs/product.md, "Kept
 * answers"). An answer's version moves in every transaction that changes what it shows
 * (kept-answer-topics.ts).
 */
export function createKeptAnswersRepository(db: Database) {
  const readQuery = db
    .select({ version: sql<string>`now_.version::text`, body: keptBody(sql.placeholder('userId'), sql`now_.version`) })
    .from(sql`(select ${versionNow(sql.placeholder('userId'))} as version) now_`)
    .prepare('kept_answer');
  // The same answer for a session not yet checked (the one session rule, cache/session-check.ts):
  // no row when its user is gone or signed out, its membership ended, or it is an engineer's (whose answers differ); null body when nothing is kept
  // for today under the account's version now.
  // The row also carries what authenticate would read (user, membership): on a miss the route
  // goes on with the session already checked by the same rule, without a second query.
  const readForSessionQuery = db
    .select({
      // one statement, one snapshot: both subqueries see the same version
      version: sql<string>`${versionNow(accounts.id)}::text`,
      body: keptBody(accounts.id, versionNow(accounts.id)),
      ...liveSessionColumns(),
    })
    .from(accounts)
    .innerJoin(users, userHoldsToken())
    .innerJoin(memberships, and(membershipHoldsToken(accounts.id), sql`${memberships.role} <> 'ENGINEER'`))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('kept_answer_for_session_v2');
  const checked = (name: string) => {
    if (!NAME.test(name) || !isKeptAnswerName(name)) throw new Error(`not a kept answer name: ${name}`);
    return name;
  };
  return {
    /** The account's version now, and the answer kept under it for `day` if there is one. */
    async read(userId: string, name: string, day: string): Promise<{ version: number; body: string | null }> {
      const [row] = await readQuery.execute({ userId, name: checked(name), day });
      return { version: Number(row?.version ?? 0), body: row?.body ?? null };
    },
    /**
     * The answer kept for `day` under the account's version now, for a session whose user and token
     * version are checked in the same query; null when nothing is kept or the session is not valid.
     */
    async readForSession(session: SessionClaim, name: string, day: string): Promise<KeptForSessionRow | null> {
      const [row] = await readForSessionQuery.execute({ ...sessionValues(session), accountId: session.accountId, name: checked(name), day });
      if (!row) return null;
      return {
        version: Number(row.version),
        body: row.body ?? null,
        session: liveSessionOf(session, row),
      };
    },
    /** Keeps an answer worked out after reading `version`; one kept meanwhile under a newer version stays. */
    async keep(userId: string, name: string, version: number, day: string, body: string): Promise<void> {
      await db
        .insert(keptAnswers)
        .values({ userId, name: checked(name), version, day, body })
        .onConflictDoUpdate({ target: [keptAnswers.userId, keptAnswers.name], set: { version, day, body }, setWhere: lte(keptAnswers.version, version) });
    },
    /** Forgets every kept answer (a new release may answer in a new shape; they are rebuilt on the next read). */
    async forgetAll(): Promise<void> {
      await db.delete(keptAnswers);
    },
  };
}
export type KeptAnswersRepository = ReturnType<typeof createKeptAnswersRepository>;
