import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { accountVersions } from '../db/schema.ts';

/**
 * What each kept answer watches (docs/product.md, "Kept answers"). The account's version is three
 * counters (migration 0053), each moved once per transaction that writes what it watches:
 *
 * - `shared`: quotes, their lines, the company, a client changed or deleted, and an invoice or
 *   credit note of an invoice made from a quote;
 * - `invoices`: invoices, their lines, payments and credit notes;
 * - `clients`: clients, new or changed.
 *
 * An answer is kept under the sum of the counters it watches: they only ever grow, so the sum moves
 * whenever one of them does. cache-coverage.http.test.ts checks every table each answer reads
 * against the counters its triggers move.
 */
export const VERSION_COUNTERS = {
  shared: accountVersions.version,
  invoices: accountVersions.invoicesVersion,
  clients: accountVersions.clientsVersion,
} as const;
export type VersionTopic = keyof typeof VERSION_COUNTERS;

/** Each kept answer's counters, by the first part of its name ('quotes-50': quotes). */
export const KEPT_ANSWER_TOPICS: Readonly<Record<string, readonly VersionTopic[]>> = {
  dashboard: ['shared', 'invoices'],
  // a quote shows its invoices' status, total and credits: those invoices move `shared` too
  quotes: ['shared'],
  clients: ['clients'],
};

const answerKind = (name: string): string => name.split('-')[0]!;

/** Whether answers named so are kept (a name of another kind is refused before any query). */
export const isKeptAnswerName = (name: string): boolean => Object.hasOwn(KEPT_ANSWER_TOPICS, answerKind(name));

/**
 * The version of the answer named `name` now, read from `account_versions` for `accountId`
 * (0 before the account's first change): one prepared statement serves every name.
 */
export function answerVersionSql(accountId: SQL | Placeholder | AnyPgColumn, name: SQL | Placeholder): SQL {
  const cases = Object.entries(KEPT_ANSWER_TOPICS).map(
    ([kind, topics]) =>
      sql`when ${kind}::text then ${sql.join(
        topics.map((t) => sql`${VERSION_COUNTERS[t]}`),
        sql` + `,
      )}`,
  );
  return sql`coalesce((select case split_part(${name}::text, '-', 1) ${sql.join(cases, sql` `)} end
    from ${accountVersions} where ${accountVersions.userId} = ${accountId}), 0)`;
}
