import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, companies, invoices, reminderSends } from '../../db/schema.ts';
import { queryRows } from '../../db/client.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ReminderCandidate {
  invoiceId: string;
  userId: string;
  dueDate: string;
  steps: number[];
  /** steps already sent for this invoice */
  sent: number[];
  lastSentOn: string | null;
}

export interface InvoiceReminderState {
  /** the stored status: only SENT is reminded */
  status: string;
  dueDate: string | null;
  paused: boolean;
  optOut: boolean;
  enabled: boolean;
  /** null without a company profile */
  steps: number[] | null;
  sent: number[];
  lastSentOn: string | null;
}

export function createRemindersRepository(db: Database) {
  return {
    async settings(userId: string) {
      const [row] = await db
        .select({ enabled: companies.remindersEnabled, steps: companies.reminderSteps })
        .from(companies)
        .where(eq(companies.userId, userId));
      return row ?? null;
    },
    async saveSettings(userId: string, enabled: boolean, steps: number[]) {
      const rows = await db
        .update(companies)
        .set({ remindersEnabled: enabled, reminderSteps: steps })
        .where(eq(companies.userId, userId))
        .returning({ id: companies.id });
      return rows.length === 1;
    },
    async setClientOptOut(userId: string, clientId: string, optOut: boolean) {
      const rows = await db
        .update(clients)
        .set({ remindersOptOut: optOut })
        .where(and(eq(clients.userId, userId), eq(clients.id, clientId)))
        .returning({ v: clients.remindersOptOut });
      return rows[0]?.v ?? null;
    },
    async clientOptOut(userId: string, clientId: string) {
      const [row] = await db
        .select({ v: clients.remindersOptOut })
        .from(clients)
        .where(and(eq(clients.userId, userId), eq(clients.id, clientId)));
      return row ? row.v : null;
    },
    async setInvoicePaused(userId: string, invoiceId: string, paused: boolean) {
      const rows = await db
        .update(invoices)
        .set({ remindersPaused: paused })
        .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId)))
        .returning({ v: invoices.remindersPaused });
      return rows[0]?.v ?? null;
    },
    /** the client's opt-out and which of its invoices are paused, for its account page */
    async ofClient(userId: string, clientId: string) {
      const [client] = await db
        .select({ v: clients.remindersOptOut })
        .from(clients)
        .where(and(eq(clients.userId, userId), eq(clients.id, clientId)));
      const paused = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.userId, userId), eq(invoices.clientId, clientId), eq(invoices.remindersPaused, true)));
      return { optOut: client?.v ?? false, pausedInvoiceIds: paused.map((r) => r.id) };
    },
    async invoicePaused(userId: string, invoiceId: string) {
      const [row] = await db
        .select({ v: invoices.remindersPaused })
        .from(invoices)
        .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId)));
      return row ? row.v : null;
    },
    /**
     * Issued, unsettled invoices (stored status SENT: PAID, VOID and CREDITED never qualify) of
     * accounts with reminders on, clients not opted out, the invoice not paused, due date
     * reached by the earliest step.
     */
    candidates(today: string, onlyUserId?: string): Promise<ReminderCandidate[]> {
      return queryRows<ReminderCandidate>(
        db,
        sql`select i.id as "invoiceId", i.account_id as "userId", to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
                   co.reminder_steps as "steps",
                   coalesce((select json_agg(rs.step) from ${reminderSends} rs where rs.invoice_id = i.id), '[]'::json) as "sent",
                   (select to_char(max(rs.sent_on), 'YYYY-MM-DD') from ${reminderSends} rs where rs.invoice_id = i.id) as "lastSentOn"
            from ${invoices} i
            join ${companies} co on co.account_id = i.account_id and co.reminders_enabled
            join ${clients} c on c.id = i.client_id and not c.reminders_opt_out
            where i.status = 'SENT' and not i.reminders_paused
              and ${onlyUserId ? sql`i.account_id = ${onlyUserId}` : sql`true`}
              and i.due_date + (select min(s::int) from jsonb_array_elements_text(co.reminder_steps) s) <= ${today}::date
            order by i.id`,
      );
    },
    /** One invoice's reminder facts, whatever its status (null: not this account's invoice). */
    async invoiceState(userId: string, invoiceId: string): Promise<InvoiceReminderState | null> {
      const [row] = await queryRows<InvoiceReminderState>(
        db,
        sql`select i.status, to_char(i.due_date, 'YYYY-MM-DD') as "dueDate", i.reminders_paused as "paused",
                   c.reminders_opt_out as "optOut",
                   coalesce(co.reminders_enabled, false) as "enabled",
                   co.reminder_steps as "steps",
                   coalesce((select json_agg(rs.step) from ${reminderSends} rs where rs.invoice_id = i.id), '[]'::json) as "sent",
                   (select to_char(max(rs.sent_on), 'YYYY-MM-DD') from ${reminderSends} rs where rs.invoice_id = i.id) as "lastSentOn"
            from ${invoices} i
            join ${clients} c on c.id = i.client_id
            left join ${companies} co on co.account_id = i.account_id
            where i.account_id = ${userId} and i.id = ${invoiceId}`,
      );
      return row ?? null;
    },
    /**
     * Claim (invoice, step) for today. The primary key and the (invoice, day) unique index make
     * this the one place a second reminder is refused: false = another sweep (or an earlier
     * one) has it.
     */
    async claim(tx: Tx, userId: string, invoiceId: string, step: number, today: string, deliveryId: string): Promise<boolean> {
      const rows = await tx
        .insert(reminderSends)
        .values({ userId, invoiceId, step, sentOn: today, deliveryId })
        .onConflictDoNothing()
        .returning({ step: reminderSends.step });
      return rows.length === 1;
    },
  };
}
export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
