import type { TExpenseCategory, TExpenseVat } from '@docket/schemas/expense';
import type { TFixedVat } from '@docket/schemas/totals';
import { sql, type SQL } from 'drizzle-orm';
import { setImmediate as yieldTurn } from 'node:timers/promises';
import { queryRows, type Database } from '../../db/client.ts';
import { BUSINESS_TIME_ZONE } from '@docket/schemas/constants';
import { INITIAL_STATUS } from '@docket/schemas/lifecycle';
import type { TLineKind, TVatCode } from '@docket/schemas/vat';

/**
 * Rows per query while exporting: memory holds one page, whatever the account's size. Each page is
 * a query of its own (keyset, below), not a cursor: no connection is held between pages, so a
 * client that stops reading or hangs up holds nothing on either driver.
 */
export const EXPORT_PAGE_SIZE = 1000;

/** Inclusive London days, as instants: [start, end). */
export interface InstantRange {
  start?: Date;
  end?: Date;
}
export interface DayRange {
  from?: string;
  to?: string;
}

interface Keyed {
  cursor_at: string;
  id: string;
}

/**
 * A document's stored lines as the totals function reads them (docs/product.md, "VAT per line"):
 * [quantity_milli, unit_price_pence, vat, kind, discount_bp], in position order. Read in the
 * document's own row, so a page of documents carries its lines and nothing else is buffered.
 */
type PricedLineCells = [number, number | string, TVatCode | null, TLineKind | null, number];
/** A document row with its lines, so the service can total it by VAT rate like the API does. */
export type WithLines<R> = R & { lines: PricedLineCells[] };

const linesOf = (table: string, key: string, id: string) =>
  sql.raw(`(select coalesce(json_agg(json_build_array(l.quantity_milli, l.unit_price_pence, l.vat, l.kind, l.discount_bp) order by l.position), '[]'::json)
    from ${table} l where l.${key} = ${id}) as lines`);

/**
 * The next page of an export, or null once there is none. A reader keeps only its position (the
 * last row's key), never a page it has handed out: a page held by a suspended generator while the
 * client drains the one before lives long enough for V8 to promote it to old space, where such
 * pages pile up as garbage until a full collection.
 */
export type PageReader<T> = () => Promise<T[] | null>;

/**
 * Every row of a keyset-ordered query, page by page: each page starts after the last row of the
 * one before, at its exact (microsecond) created_at read back as text, so nothing repeats or is skipped.
 */
function keyset<T extends Keyed>(db: Database, page: (after: SQL) => SQL, column: string, read?: ReadPage): PageReader<T> {
  return keysetOn<T>(
    db,
    page,
    (last) => sql`(${sql.raw(column)}, ${sql.raw(column.replace(/\.\w+$/, '.id'))}) > (${last.cursor_at}::timestamptz, ${last.id}::uuid)`,
    read,
  );
}

type ReadPage = <T>(db: Database, query: SQL) => Promise<T[]>;

/**
 * One page read along the (user, created_at, id) index, whatever the planner's row estimates say.
 * PGlite never gathers statistics by itself (no autovacuum): after a bulk import it believes an
 * account has a few dozen rows and, for every page, reads all the account's remaining rows and
 * sorts them (100,000 items: 1-4 s a page, each holding PGlite's one connection). With sorting and
 * bitmap scans priced out for this one query, the page walks the index backwards (the query's
 * "nulls first" is the order that gives; the columns are never null) and stops after its rows.
 */
const inIndexOrder: ReadPage = <T>(db: Database, query: SQL) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return queryRows<T>(tx, query);
  });

/** Pages of `page(after)`, each one after `after(last row)` of the page before, until a short page. */
function keysetOn<T>(db: Database, page: (after: SQL) => SQL, afterRow: (last: T) => SQL, read: ReadPage = queryRows): PageReader<T> {
  let after: SQL | null = sql`true`;
  return async () => {
    if (!after) return null;
    // Give way before each page: a client that reads as fast as we write (on this machine, say)
    // never makes the stream wait for I/O, so without this turn other requests queued behind the
    // whole export; on PGlite, whose one connection they share, their queries now run between pages.
    await yieldTurn();
    const rows = await read<T>(db, page(after));
    after = rows.length < EXPORT_PAGE_SIZE ? null : afterRow(rows[rows.length - 1]!);
    return rows.length ? rows : null;
  };
}

const inRange = (column: string, r: InstantRange) =>
  sql.join(
    [
      r.start ? sql`${sql.raw(column)} >= ${r.start.toISOString()}::timestamptz` : sql`true`,
      r.end ? sql`${sql.raw(column)} < ${r.end.toISOString()}::timestamptz` : sql`true`,
    ],
    sql` and `,
  );
const issueDay = (column: string) => sql.raw(`to_char(${column} at time zone '${BUSINESS_TIME_ZONE}', 'YYYY-MM-DD')`);
const LIMIT = sql.raw(String(EXPORT_PAGE_SIZE));

export interface InvoiceExportRow extends Keyed {
  invoice_number: string;
  issue_day: string;
  due_date: string;
  status: string;
  client_name: string;
  client_email: string;
  client_vat_number: string | null;
  tax_rate_bp: number;
  cis_rate_bp: number | null;
  cis_deduction_pence: string | number;
  fixed_vat: TFixedVat[] | null;
  subtotal_pence: string | number;
  tax_pence: string | number;
  total_pence: string | number;
  credited_pence: string | number;
  paid_pence: string | number;
  voided_day: string | null;
  void_reason: string | null;
}
export interface LineExportRow {
  document_number: string;
  issue_day: string;
  status: string;
  client_name: string;
  tax_rate_bp: number;
  position: number;
  description: string;
  quantity_milli: number;
  unit_price_pence: string | number;
  amount_pence: string | number;
  vat: TVatCode | null;
  kind: TLineKind | null;
  discount_bp: number;
  unit: string | null;
}
export interface CreditNoteExportRow extends Keyed {
  credit_note_number: string;
  issue_day: string;
  invoice_number: string;
  client_name: string;
  client_email: string;
  client_vat_number: string | null;
  reason: string;
  tax_rate_bp: number;
  fixed_vat: TFixedVat[] | null;
  subtotal_pence: string | number;
  tax_pence: string | number;
  total_pence: string | number;
}
export interface PaymentExportRow {
  id: string;
  paid_on: string;
  /** when it was recorded: orders the payments of one day */
  cursor_at: string;
  invoice_number: string;
  client_name: string;
  amount_pence: string | number;
  method: string;
  reference: string | null;
}
export interface QuoteExportRow extends Keyed {
  quote_number: string;
  issue_day: string;
  status: string;
  client_name: string;
  client_email: string;
  tax_rate_bp: number;
  subtotal_pence: string | number;
  tax_pence: string | number;
  total_pence: string | number;
}
export interface ClientExportRow extends Keyed {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  is_business: boolean;
  vat_number: string | null;
  cis_rate: number | null;
  /** null: the company's terms */
  payment_terms_days: number | null;
  created_day: string;
}
export interface ItemExportRow extends Keyed {
  name: string;
  description: string;
  price_pence: string | number;
  vat: TVatCode | null;
  kind: TLineKind | null;
  unit: string | null;
  created_day: string;
}
export interface ExpenseExportRow extends Keyed {
  date: string;
  supplier: string;
  description: string | null;
  category: TExpenseCategory;
  net_pence: string | number;
  vat: TExpenseVat;
  vat_pence: string | number;
  total_pence: string | number;
  paid_from: string | null;
  client_name: string | null;
  receipt: boolean;
}
export interface BankLineExportRow extends Keyed {
  date: string;
  bank_account: string;
  description: string;
  amount_pence: string | number;
  balance_pence: string | number | null;
  bank_transaction_id: string | null;
  explained_type: string | null;
}
export interface IssuedDocumentRef {
  kind: 'quote' | 'invoice' | 'credit_note';
  id: string;
  number: string;
}

export function createExportsRepository(db: Database) {
  function invoices(userId: string, r: InstantRange) {
    return keyset<WithLines<InvoiceExportRow>>(
      db,
      (after) => sql`
        select i.id, i.created_at::text as cursor_at, coalesce(i.invoice_number, 'Draft') as invoice_number, ${issueDay('i.created_at')} as issue_day,
          i.due_date::text as due_date, i.status, c.name as client_name, c.email as client_email, c.vat_number as client_vat_number,
          i.tax_rate_bp, i.cis_rate_bp, i.cis_deduction_pence, i.fixed_vat, i.subtotal_pence, i.tax_pence, i.total_pence,
          (select coalesce(sum(cn.total_pence), 0)::bigint from credit_notes cn where cn.invoice_id = i.id) as credited_pence,
          (select coalesce(sum(p.amount_pence), 0)::bigint from payments p where p.invoice_id = i.id) as paid_pence,
          ${issueDay('i.voided_at')} as voided_day, i.void_reason, ${linesOf('invoice_lines', 'invoice_id', 'i.id')}
        from invoices i join clients c on c.id = i.client_id
        where i.account_id = ${userId} and ${inRange('i.created_at', r)} and ${after}
        order by i.created_at, i.id limit ${LIMIT}`,
      'i.created_at',
    );
  }

  function invoiceLines(userId: string, r: InstantRange): PageReader<LineExportRow> {
    // One page of invoices at a time, then their lines: memory is a page of invoices and their lines.
    const nextInvoices = invoices(userId, r);
    return async () => {
      const page = await nextInvoices();
      if (!page) return null;
      const byId = new Map(page.map((i) => [i.id, i]));
      const ids = sql.join(
        page.map((i) => sql`${i.id}::uuid`),
        sql`, `,
      );
      const lines = await queryRows<
        { invoice_id: string; position: number; description: string; quantity_milli: number; unit_price_pence: string; amount_pence: string } & Pick<
          LineExportRow,
          'vat' | 'kind' | 'discount_bp' | 'unit'
        >
      >(
        db,
        sql`select invoice_id, position, description, quantity_milli, unit_price_pence, amount_pence, vat, kind, discount_bp, unit from invoice_lines
            where account_id = ${userId} and invoice_id in (${ids})`,
      );
      const order = new Map(page.map((i, n) => [i.id, n]));
      lines.sort((a, b) => order.get(a.invoice_id)! - order.get(b.invoice_id)! || a.position - b.position);
      // A page of invoices without lines is an empty page, not the end.
      return lines.map((l) => {
        const inv = byId.get(l.invoice_id)!;
        return {
          document_number: inv.invoice_number,
          issue_day: inv.issue_day,
          status: inv.status,
          client_name: inv.client_name,
          tax_rate_bp: inv.tax_rate_bp,
          ...l,
        };
      });
    };
  }

  function creditNotes(userId: string, r: InstantRange) {
    return keyset<WithLines<CreditNoteExportRow>>(
      db,
      (after) => sql`
        select n.id, n.created_at::text as cursor_at, n.credit_note_number, ${issueDay('n.created_at')} as issue_day,
          i.invoice_number, c.name as client_name, c.email as client_email, c.vat_number as client_vat_number, n.reason,
          n.tax_rate_bp, n.fixed_vat, n.subtotal_pence, n.tax_pence, n.total_pence, ${linesOf('credit_note_lines', 'credit_note_id', 'n.id')}
        from credit_notes n join invoices i on i.id = n.invoice_id join clients c on c.id = n.client_id
        where n.account_id = ${userId} and ${inRange('n.created_at', r)} and ${after}
        order by n.created_at, n.id limit ${LIMIT}`,
      'n.created_at',
    );
  }

  function payments(userId: string, days: DayRange): PageReader<PaymentExportRow> {
    return keysetOn<PaymentExportRow>(
      db,
      (after) =>
        sql`select p.id, p.paid_on::text as paid_on, p.created_at::text as cursor_at, i.invoice_number, c.name as client_name, p.amount_pence, p.method, p.reference
          from payments p join invoices i on i.id = p.invoice_id join clients c on c.id = p.client_id
          where p.account_id = ${userId}
            and ${days.from ? sql`p.paid_on >= ${days.from}::date` : sql`true`}
            and ${days.to ? sql`p.paid_on <= ${days.to}::date` : sql`true`}
            and ${after}
          order by p.paid_on, p.created_at, p.id limit ${LIMIT}`,
      // Same-day payments in the order they were recorded (docs/product.md, "Accounts and roles").
      (last) => sql`(p.paid_on, p.created_at, p.id) > (${last.paid_on}::date, ${last.cursor_at}::timestamptz, ${last.id}::uuid)`,
    );
  }

  function quotes(userId: string, r: InstantRange) {
    return keyset<WithLines<QuoteExportRow>>(
      db,
      (after) => sql`
        select q.id, q.created_at::text as cursor_at, q.quote_number, ${issueDay('q.created_at')} as issue_day, q.status,
          c.name as client_name, c.email as client_email, q.tax_rate_bp, q.subtotal_pence, q.tax_pence, q.total_pence,
          ${linesOf('quote_lines', 'quote_id', 'q.id')}
        from quotes q join clients c on c.id = q.client_id
        where q.account_id = ${userId} and ${inRange('q.created_at', r)} and ${after}
        order by q.created_at, q.id limit ${LIMIT}`,
      'q.created_at',
    );
  }

  function clients(userId: string) {
    return keyset<ClientExportRow>(
      db,
      (after) => sql`
        select c.id, c.created_at::text as cursor_at, c.name, c.email, c.phone, c.address, c.is_business, c.vat_number, c.cis_rate,
          c.payment_terms_days,
          ${issueDay('c.created_at')} as created_day
        from clients c where c.account_id = ${userId} and ${after}
        order by c.created_at nulls first, c.id nulls first limit ${LIMIT}`,
      'c.created_at',
      inIndexOrder,
    );
  }

  function items(userId: string) {
    return keyset<ItemExportRow>(
      db,
      (after) => sql`
        select t.id, t.created_at::text as cursor_at, t.name, t.description, t.price_pence, t.vat, t.kind, t.unit, ${issueDay('t.created_at')} as created_day
        from items t where t.account_id = ${userId} and ${after}
        order by t.created_at nulls first, t.id nulls first limit ${LIMIT}`,
      't.created_at',
      inIndexOrder,
    );
  }

  function expenses(userId: string, days: DayRange): PageReader<ExpenseExportRow> {
    return keysetOn<ExpenseExportRow>(
      db,
      (after) =>
        sql`select e.id, e.date::text as date, e.created_at::text as cursor_at, e.supplier, e.description, e.category, e.net_pence, e.vat, e.vat_pence, e.total_pence,
            e.paid_from, c.name as client_name, (r.expense_id is not null) as receipt
          from expenses e left join clients c on c.id = e.client_id left join expense_receipts r on r.expense_id = e.id
          where e.account_id = ${userId}
            and ${days.from ? sql`e.date >= ${days.from}::date` : sql`true`}
            and ${days.to ? sql`e.date <= ${days.to}::date` : sql`true`}
            and ${after}
          order by e.date, e.created_at, e.id limit ${LIMIT}`,
      (last) => sql`(e.date, e.created_at, e.id) > (${last.date}::date, ${last.cursor_at}::timestamptz, ${last.id}::uuid)`,
    );
  }

  /** Imported bank statement lines, every account, by date (docs/data-transfer.md, "Bank lines"). */
  function bankLines(userId: string, days: DayRange): PageReader<BankLineExportRow> {
    return keysetOn<BankLineExportRow>(
      db,
      (after) =>
        sql`select l.id, l.date::text as date, l.created_at::text as cursor_at, a.name as bank_account, l.description, l.amount_pence, l.balance_pence,
            l.bank_transaction_id, l.explained_type
          from bank_lines l inner join bank_accounts a on a.id = l.bank_account_id
          where l.account_id = ${userId}
            and ${days.from ? sql`l.date >= ${days.from}::date` : sql`true`}
            and ${days.to ? sql`l.date <= ${days.to}::date` : sql`true`}
            and ${after}
          order by l.date, l.created_at, l.id limit ${LIMIT}`,
      (last) => sql`(l.date, l.created_at, l.id) > (${last.date}::date, ${last.cursor_at}::timestamptz, ${last.id}::uuid)`,
    );
  }

  /** Every issued document (not drafts), oldest first: the PDFs account.zip holds. */
  async function issuedDocuments(userId: string): Promise<IssuedDocumentRef[]> {
    return queryRows<IssuedDocumentRef>(
      db,
      sql`select * from (
          select 'quote' as kind, id, quote_number as number, created_at from quotes where account_id = ${userId} and status <> ${INITIAL_STATUS}
          union all select 'invoice', id, invoice_number, created_at from invoices where account_id = ${userId} and status <> ${INITIAL_STATUS}
          union all select 'credit_note', id, credit_note_number, created_at from credit_notes where account_id = ${userId}
        ) d order by d.created_at, d.id`,
    );
  }

  return { invoices, invoiceLines, creditNotes, payments, quotes, clients, items, expenses, bankLines, issuedDocuments };
}
export type ExportsRepository = ReturnType<typeof createExportsRepository>;
