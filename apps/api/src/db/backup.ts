import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client.ts';

/**
 * Every application table, parents before children, so a restore never meets a missing
 * foreign key. A table the schema gains must be added here: backup refuses to skip one.
 */
export const BACKUP_TABLES = [
  'users',
  // The business accounts own every row below; members and invitations name users.
  'accounts',
  'memberships',
  'account_invitations',
  'companies',
  'document_counters',
  // Before quotes and invoices: their triggers then find each restored number already there.
  'issued_numbers',
  'clients',
  'items',
  'quotes',
  'quote_lines',
  'invoices',
  'invoice_lines',
  'credit_notes',
  'credit_note_lines',
  'payments',
  'expenses',
  'expense_receipts',
  'bank_accounts',
  'bank_rules',
  'bank_lines',
  'document_history',
  'calendar_events',
  'email_deliveries',
  'email_templates',
  'password_reset_tokens',
  'reminder_sends',
  'share_links',
  'quote_responses',
  'notifications',
  // Rendered issued PDFs: derivable, but restored with the rest so a restore serves the same bytes.
  'issued_pdfs',
  'recurring_invoices',
  'recurring_issues',
  // Kept answers (dashboard, first pages) and the versions they are checked against, from the same
  // consistent snapshot as the documents (the restore turns the version triggers off).
  'account_versions',
  'kept_answers',
  // The versions kept invoice answers are keyed by (a restore gives the invoices new row versions too).
  'invoice_answer_versions',
  // Making Tax Digital: the HMRC connection (tokens encrypted with SECRETS_KEY: restored elsewhere
  // without the same key, the connection reads as needing a reconnect) and the returns filed.
  'mtd_connections',
  'mtd_oauth_states',
  'vat_returns',
  // Online payments (issue 35): settings with their secrets still encrypted, sessions, events, credits.
  'payment_providers',
  'payment_sessions',
  'provider_events',
  'client_credits',
  // The short links invoice PDFs print (issue 35): restored so a printed QR code still opens its invoice.
  'invoice_pay_codes',
  // Clients' statement links (hashed): restored so a link sent still opens the statement.
  'statement_links',
  // The statement link a statement PDF prints: restored so a printed QR code still opens it.
  'statement_pay_codes',
  // Who downloaded which export (issue 32).
  'export_runs',
] as const;

/**
 * Tables a backup leaves out because the restore works them out again from the rows above: the
 * running figures (migration 0048, docs/product.md, "Running figures"). A backup made before them
 * restores to the same figures.
 */
export const WORKED_OUT_TABLES = ['invoice_figures', 'account_figures'] as const;

export const BACKUP_FORMAT = 'docket-backup';
/** 2: accounts (docs/product.md, "Accounts and roles"); a version 1 file is upgraded as it is read. */
export const BACKUP_VERSION = 2;

/**
 * Rows are PostgreSQL's own JSON for each row (to_jsonb): timestamps with offsets, dates as
 * YYYY-MM-DD, bigints as numbers and bytea (the logo) as '\x…' hex text. The same text goes
 * back in through jsonb_populate_recordset, so a dump moves between PGlite and PostgreSQL.
 */
export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  tables: Record<string, Record<string, unknown>[]>;
}

export class BackupError extends Error {}

async function publicTables(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return rows.map((r) => r.name);
}

async function assertKnownTables(db: Database) {
  const known: readonly string[] = [...BACKUP_TABLES, ...WORKED_OUT_TABLES];
  const unknown = (await publicTables(db)).filter((t) => !known.includes(t));
  if (unknown.length) throw new BackupError(`Backup does not know the table(s) ${unknown.join(', ')}: add them to BACKUP_TABLES`);
}

/** One consistent snapshot of every table (a repeatable-read transaction on PostgreSQL). */
export async function createBackup(db: Database, now: Date = new Date()): Promise<Backup> {
  await assertKnownTables(db);
  const tables: Backup['tables'] = {};
  await db.transaction(
    async (tx) => {
      for (const table of BACKUP_TABLES) {
        const rows = await queryRows<{ row: Record<string, unknown> }>(tx, sql.raw(`select to_jsonb(t) as row from ${table} t`));
        tables[table] = rows.map((r) => r.row);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: now.toISOString(), tables };
}

export function parseBackup(text: string): Backup {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BackupError('The backup file is not valid JSON');
  }
  const b = data as Partial<Backup> | null;
  if (!b || b.format !== BACKUP_FORMAT || typeof b.tables !== 'object' || b.tables === null) {
    throw new BackupError('The file is not a Docket backup');
  }
  if ((b.version as number | undefined) === 1 && b.tables) return parseBackup(JSON.stringify(upgradeFromVersion1(b as unknown as Backup)));
  if (b.version !== BACKUP_VERSION) throw new BackupError(`Unsupported backup version ${String(b.version)} (expected ${BACKUP_VERSION})`);
  for (const [name, rows] of Object.entries(b.tables)) {
    if (!(BACKUP_TABLES as readonly string[]).includes(name)) throw new BackupError(`Unknown table in backup: ${name}`);
    if (!Array.isArray(rows)) throw new BackupError(`Table ${name} in backup is not a list of rows`);
  }
  return b as Backup;
}

/** Tables whose `user_id` stays a user's after accounts (everything else's became `account_id`). */
const USER_TABLES = new Set(['users', 'password_reset_tokens']);

/**
 * A backup made before accounts, as migration 0021 would have changed its database: every user
 * owns an account of the same id, named as its company (or its email), and every tenant column
 * `user_id` is `account_id`.
 */
export function upgradeFromVersion1(old: Backup): Backup {
  const tables: Backup['tables'] = {};
  for (const [name, rows] of Object.entries(old.tables)) {
    tables[name] = USER_TABLES.has(name)
      ? rows
      : rows.map((row) => {
          if (!('user_id' in row)) return row;
          const { user_id: owner, ...rest } = row;
          return { account_id: owner, ...rest };
        });
  }
  const users = (old.tables.users ?? []) as { id: string; email: string; created_at: string }[];
  const companyName = new Map(((old.tables.companies ?? []) as { user_id: string; name: string }[]).map((c) => [c.user_id, c.name]));
  tables.accounts = users.map((u) => ({
    id: u.id,
    name: companyName.get(u.id) ?? u.email,
    engineers_see_prices: false,
    created_at: u.created_at,
    updated_at: u.created_at,
  }));
  tables.memberships = users.map((u) => ({ account_id: u.id, user_id: u.id, role: 'OWNER', session_key: randomUUID(), created_at: u.created_at }));
  tables.account_invitations = [];
  return { ...old, version: BACKUP_VERSION, tables };
}

/**
 * A backup made before the version counters (migration 0053): each account's version becomes its
 * shared counter, the other two start at 0, and its kept answers, kept under the one version of
 * before, are left out (the first reads work them out again).
 */
export function withVersionCounters(b: Backup): Backup {
  const versions = b.tables.account_versions ?? [];
  if (versions.every((r) => 'invoices_version' in r && 'clients_version' in r)) return b;
  const counted = versions.map((r) => ({ invoices_version: 0, clients_version: 0, ...r }));
  return { ...b, tables: { ...b.tables, account_versions: counted, kept_answers: [] } };
}

/** Row counts per table. */
export async function countRows(db: Database): Promise<Record<string, number>> {
  const parts = BACKUP_TABLES.map((t) => `select '${t}' as name, count(*) as n from ${t}`);
  const rows = await queryRows<{ name: string; n: number | string }>(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/**
 * A table's rows as JSON texts of at most `maxChars` each (a row longer than that alone), so no
 * statement of a restore carries a whole table: kept PDFs make a few accounts' table over 100 MB,
 * which the embedded PGlite would otherwise copy into its WebAssembly memory in one piece.
 */
export function rowBatches(rows: readonly Record<string, unknown>[], maxChars: number): string[] {
  const batches: string[] = [];
  let texts: string[] = [];
  let chars = 0;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (texts.length && chars + text.length + 1 > maxChars) {
      batches.push(`[${texts.join(',')}]`);
      texts = [];
      chars = 0;
    }
    texts.push(text);
    chars += text.length + 1;
  }
  if (texts.length) batches.push(`[${texts.join(',')}]`);
  return batches;
}

/** Each table's foreign keys to itself, as [column, referenced column] (a refund naming its payment). */
async function selfReferences(db: Database): Promise<Map<string, [string, string][]>> {
  const rows = await queryRows<{ t: string; c: string; r: string }>(
    db,
    sql`select k.conrelid::regclass::text as t, a.attname as c, ra.attname as r
      from pg_constraint k
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = k.confkey[1]
      where k.contype = 'f' and k.conrelid = k.confrelid and cardinality(k.conkey) = 1`,
  );
  const byTable = new Map<string, [string, string][]>();
  for (const { t, c, r } of rows) byTable.set(t, [...(byTable.get(t) ?? []), [c, r]]);
  return byTable;
}

/**
 * Rows ordered so a row another row of the same table names comes before it: batches are
 * separate statements, and a foreign key is checked at the end of each.
 */
export function parentsFirst(rows: readonly Record<string, unknown>[], references: readonly [string, string][]): readonly Record<string, unknown>[] {
  if (!references.length) return rows;
  const depth = new Map<Record<string, unknown>, number>();
  const byKey = references.map(([, key]) => new Map(rows.map((row) => [row[key], row])));
  const parentsOf = (row: Record<string, unknown>) =>
    references.flatMap(([column], i) => {
      const parent = row[column] == null ? undefined : byKey[i]!.get(row[column]);
      return parent && parent !== row ? [parent] : [];
    });
  // Depth first without recursion: a chain can be as long as the table. A row met again while its
  // own parents are still being looked at is a loop, which no order could insert (the database
  // refuses it as it would have in one statement): it counts as depth 0 there.
  const visiting = new Set<Record<string, unknown>>();
  const depthOf = (start: Record<string, unknown>): number => {
    const stack = [start];
    while (stack.length) {
      const row = stack[stack.length - 1]!;
      if (depth.has(row)) {
        stack.pop();
      } else if (!visiting.has(row)) {
        visiting.add(row);
        for (const parent of parentsOf(row)) if (!depth.has(parent) && !visiting.has(parent)) stack.push(parent);
      } else {
        depth.set(row, Math.max(0, ...parentsOf(row).map((parent) => (depth.get(parent) ?? 0) + 1)));
        visiting.delete(row);
        stack.pop();
      }
    }
    return depth.get(start)!;
  };
  return rows
    .map((row, i) => ({ row, i, d: depthOf(row) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((x) => x.row);
}

/** The JSON text one insert of a restore carries at most (a longer row goes alone). */
export const RESTORE_BATCH_CHARS = 8 * 1024 * 1024;

/** Load a backup into an empty database (migrated, no rows), all or nothing. */
export async function restoreBackup(
  db: Database,
  given: Backup,
  { batchChars = RESTORE_BATCH_CHARS }: { batchChars?: number } = {},
): Promise<Record<string, number>> {
  const backup = withVersionCounters(given);
  await assertKnownTables(db);
  const existing = await countRows(db);
  const filled = Object.entries(existing).filter(([, n]) => n > 0);
  if (filled.length) {
    throw new BackupError(`Refusing to restore into a database that has data (${filled.map(([t, n]) => `${t}: ${n}`).join(', ')})`);
  }
  await db.transaction(async (tx) => {
    // the account version triggers (migration 0014) leave the restored versions as they were
    await tx.execute(sql`select set_config('docket.restoring', 'on', true)`);
    const references = await selfReferences(tx);
    for (const table of BACKUP_TABLES) {
      const rows = backup.tables[table] ?? [];
      if (!rows.length) continue;
      const name = sql.raw(table);
      // generated columns (a snapshot's md5) are worked out again, never written
      const written = await queryRows<{ c: string }>(
        tx,
        sql`select column_name as c from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
      );
      const columns = sql.raw(written.map((r) => `"${r.c}"`).join(', '));
      const ordered = parentsFirst(rows, references.get(table) ?? []);
      for (const batch of rowBatches(ordered, batchChars)) {
        await tx.execute(sql`insert into ${name} (${columns}) select ${columns} from jsonb_populate_recordset(null::${name}, ${batch}::jsonb)`);
      }
    }
    // the figures' triggers were off with the rest: every figure is worked out from the rows restored
    await tx.execute(sql`select rebuild_account_figures()`);
  });
  return countRows(db);
}
