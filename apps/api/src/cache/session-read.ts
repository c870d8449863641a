import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TRole } from '@docket/schemas/account';
import type { Database } from '../db/client.ts';
import { accounts, memberships, users } from '../db/schema.ts';
import { takeSessionToCheck } from '../lib/request-context.ts';
import { preparingSession } from '../db/unnamed-statement.ts';
import { rowMapper } from '../db/row-mapper.ts';
import { builtOnceAs } from '../db/built-once.ts';
import { membershipHoldsToken, trustedValues, userHoldsToken, type SessionLookup } from './session-check.ts';

/** What a select builder offers here: its SQL and its selected fields (to map rows as drizzle would). */
interface SelectBuilder<R> {
  getSQL(): SQL;
  readonly _: { readonly selectedFields: unknown; readonly result: R[] };
}

/** A read of one account's rows: checks the request's waiting session in the same statement, if any. */
export type SessionRead<R> = (accountId: string, values: Record<string, unknown>) => Promise<R[]>;

const dialect = new PgDialect();
/** Statements prepared per name at most (a list's filter and order shapes); beyond, each is sent unnamed. */
const MAX_SHAPES = 64;

/**
 * The session rule (session-check.ts) as one row whatever holds: the user when the token is still
 * theirs, the membership of the token's account when the token carries its key (nulls otherwise).
 * The same row authenticate's query reads (auth.repository.ts, findSession).
 */
const sessionRow = (): SQL => sql`select ${users.email} as email, ${accounts.id} as account_id, ${accounts.name} as account_name,
    ${accounts.engineersSeePrices} as engineers_see_prices, ${memberships.role} as role
  from (select 1) one_
  left join ${users} on ${userHoldsToken()}
  left join ${memberships} on ${membershipHoldsToken(sql.placeholder('sessionAccountId'))}
  left join ${accounts} on ${accounts.id} = ${memberships.accountId}
  limit 1`;

/**
 * The data rows only for a live session whose role the route allows (`sessionRoles`, its allowed
 * roles joined by '-'), or for a caller that checked the session already (`trustedValues()`).
 */
const admits = (): SQL => sql`(${sql.placeholder('tokenVersion')}::int = ${trustedValues().tokenVersion}
  or (session_.email is not null and session_.role is not null
    and strpos('-' || ${sql.placeholder('sessionRoles')}::text || '-', '-' || session_.role || '-') > 0))`;

/**
 * `query` behind the session row: one statement, one snapshot, so a session signed out, a member
 * removed or a role changed is refused by the very read that would answer (docs/product.md,
 * "Accounts and roles"). A lateral join keeps the query's own plan and order; the session row
 * comes back on every row, and alone (data columns null) when the query finds nothing.
 */
const behindSession = (query: SQL): SQL =>
  sql`with session_ as (${sessionRow()})
    select r_.*, session_.email, session_.account_id, session_.account_name, session_.engineers_see_prices, session_.role
    from session_ left join lateral (${query}) r_ on ${admits()}`;

interface Found<R> {
  rows: R[];
  session: { email: string | null; accountId: string | null; accountName: string | null; engineersSeePrices: boolean | null; role: string | null };
}

/** The rows of a statement behind the session row, mapped: data columns first, then the session row's. */
function sessionRows<R>(query: SelectBuilder<R>): (raw: unknown[][]) => Found<R>[] {
  const map = rowMapper<R>(query._.selectedFields);
  const width = Object.keys(query._.selectedFields as object).length;
  return (raw) => {
    const first = raw[0];
    const session = first
      ? {
          email: first[width] as string | null,
          accountId: first[width + 1] as string | null,
          accountName: first[width + 2] as string | null,
          engineersSeePrices: first[width + 3] as boolean | null,
          role: first[width + 4] as string | null,
        }
      : { email: null, accountId: null, accountName: null, engineersSeePrices: null, role: null };
    const rows: R[] = [];
    for (const row of raw) {
      // the lateral join's empty match: every data column null (a row always has its id)
      let found = false;
      for (let i = 0; i < width && !found; i++) found = row[i] !== null;
      if (found) rows.push(map(row));
    }
    return [{ rows, session }];
  };
}

/** The statement and its mapping, prepared on the pool. */
function prepare<R>(
  db: Database,
  name: string | ((text: string) => string) | undefined,
  query: SelectBuilder<R>,
): (values: Record<string, unknown>) => Promise<Found<R>[]> {
  const mapRows = sessionRows(query);
  const statement = dialect.sqlToQuery(behindSession(query.getSQL()));
  const prepared = preparingSession(db).prepareQuery(statement, undefined, typeof name === 'function' ? name(statement.sql) : name, true, mapRows);
  return (values) => prepared.execute(values);
}

/** The session this request waits to have checked by a read of `accountId`, or the trusted values. */
async function run<R>(execute: (values: Record<string, unknown>) => Promise<Found<R>[]>, accountId: string, values: Record<string, unknown>): Promise<R[]> {
  const check = takeSessionToCheck(accountId);
  if (!check) {
    const [found] = await execute({ ...values, ...trustedValues(), sessionAccountId: accountId, sessionRoles: '-' });
    return found!.rows;
  }
  // a failed read leaves the check unsettled: the route then checks the session itself before answering
  const [found] = await execute({ ...values, ...check.values });
  const s = found!.session;
  const lookup: SessionLookup = {
    user: s.email === null ? null : { id: check.userId, email: s.email },
    membership:
      s.email === null || s.role === null || s.accountId === null
        ? null
        : { id: s.accountId, name: s.accountName ?? '', role: s.role as TRole, engineersSeePrices: s.engineersSeePrices ?? false },
  };
  await check.admit(lookup);
  return found!.rows;
}

/**
 * A select of one account's rows, prepared once per connection, that also checks the
 * request's session when the route left it to its read (http/session-in-query.ts): one statement
 * where there were two. Called outside such a route (after a write, by a job) it checks nothing.
 * `accountId` must be the account the query reads: a session is only checked by a read of its own.
 */
export function sessionReadSelect<R>(db: Database, name: string, query: SelectBuilder<R>): SessionRead<R> {
  const execute = prepare(db, name, query);
  return (accountId, values) => run(execute, accountId, values);
}

/**
 * Selects of many shapes under one name (a list's filters, order and page size: `key` names the
 * shape, `build` makes it with placeholders for the values), each built once. A shape is prepared
 * (planned once per connection) unless `planEachTime`: a search's best plan depends on its term (a
 * trigram index for a rare one, the newest-first walk for a common one: documents/document-search.ts),
 * which a plan made once cannot see, so it is sent unnamed and planned with its values each time
 * (its ILIKE also keeps the pool's client and PGlite's thread from naming it: db/pg-statement-names.ts).
 * At most MAX_SHAPES shapes are kept; beyond, each request builds its own and sends it unnamed.
 */
export function sessionReadShapes<R>(
  db: Database,
  name: string,
): (key: string, build: () => SelectBuilder<R>, o?: { planEachTime?: boolean }) => SessionRead<R> {
  const shapes = new Map<string, (values: Record<string, unknown>) => Promise<Found<R>[]>>();
  return (key, build, o = {}) => {
    let execute = shapes.get(key);
    if (!execute) {
      const kept = shapes.size < MAX_SHAPES;
      // named by its text: a pooled connection may already hold it from another instance of this repository
      const named = kept && !o.planEachTime ? (text: string) => `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}` : undefined;
      execute = prepare(db, named, build());
      if (kept) shapes.set(key, execute);
    }
    const chosen = execute;
    return (accountId, values) => run(chosen, accountId, values);
  };
}

/**
 * A select of one account's rows on whatever handle the caller holds, a transaction included, its
 * text built once (db/built-once.ts); it checks the request's waiting session as sessionReadSelect
 * does. Inside a write's transaction it is the read that settles the session before anything is
 * written (a payment: the invoice's locked read), so a refused session rolls back having written
 * nothing.
 */
export function sessionReadOnHandle<X, R>(build: (x: X) => SelectBuilder<R>): (x: X, accountId: string, values: Record<string, unknown>) => Promise<R[]> {
  const execute = builtOnceAs<X, Found<R>[]>((x) => {
    const query = build(x);
    return { sql: behindSession(query.getSQL()), mapRows: sessionRows(query) };
  });
  return (x, accountId, values) => run((v) => execute(x, v), accountId, values);
}
