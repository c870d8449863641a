import type { TClient } from '@docket/schemas/client';
import type { TClientAccount } from '@docket/schemas/client-account';
import type { TCreditNote } from '@docket/schemas/credit-note';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import { INVOICE_OUTSTANDING_STATUSES } from '@docket/schemas/lifecycle';
import { poundsToPence, penceToPounds } from '@docket/schemas/money';
import type { TAgedDebtors } from '@docket/schemas/reports';
import type { TPayment } from '@docket/schemas/payment';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { AppError } from '../../lib/app-error.ts';
import { londonDay, type Clock } from '../../lib/clock.ts';
import type { CompanyRow } from '../company/company.repository.ts';
import { renderStatement } from '../../pdf/render-pdf.ts';
import { PdfRenderFailed } from '../../pdf/render-pool.ts';
import { movements, statementOf } from './statement-lines.ts';

export interface AccountsDeps {
  client: (userId: string, id: string) => Promise<TClient>;
  quotes: (userId: string, clientId: string) => Promise<TQuote[]>;
  invoices: (userId: string, clientId: string) => Promise<TInvoice[]>;
  creditNotes: (userId: string, clientId: string) => Promise<TCreditNote[]>;
  payments: (userId: string, clientId: string) => Promise<TPayment[]>;
  aged: (userId: string, asOf: string) => Promise<TAgedDebtors>;
  company: (userId: string) => Promise<CompanyRow | null>;
  reminders: (userId: string, clientId: string) => Promise<TClientAccount['reminders']>;
  /**
   * The statement's pay link the PDF prints (docs/product.md, "Payments from the link"): null while
   * no provider is on or without PUBLIC_URL; made on the first print.
   */
  payLink?: (userId: string, clientId: string) => Promise<string | null>;
  clock: Clock;
}

const lines = (text: string | null) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** A client's account and statement (docs/product.md, "Client accounts"). */
export function createAccountsService(deps: AccountsDeps) {
  const gather = async (userId: string, clientId: string) => {
    const client = await deps.client(userId, clientId); // 404 for another account's client
    const [quotes, invoices, creditNotes, payments] = await Promise.all([
      deps.quotes(userId, clientId),
      deps.invoices(userId, clientId),
      deps.creditNotes(userId, clientId),
      deps.payments(userId, clientId),
    ]);
    return { client, quotes, invoices, creditNotes, payments };
  };
  const owedPence = (invoices: TInvoice[]) =>
    invoices.filter((i) => INVOICE_OUTSTANDING_STATUSES.includes(i.status)).reduce((s, i) => s + poundsToPence(i.balanceDue), 0);
  return {
    async account(userId: string, clientId: string): Promise<TClientAccount> {
      const a = await gather(userId, clientId);
      const reminders = await deps.reminders(userId, clientId);
      return { ...a, balance: penceToPounds(owedPence(a.invoices)), reminders };
    },
    async statement(userId: string, clientId: string, from?: string, to?: string): Promise<{ fileName: string; pdf: Buffer }> {
      const a = await gather(userId, clientId);
      const company = await deps.company(userId);
      if (!company) throw AppError.conflict(ERROR_MESSAGES.companyRequiredForPdf);
      const end = to ?? londonDay(deps.clock());
      const st = statementOf(movements(a.invoices, a.creditNotes, a.payments, londonDay), from, end);
      const agedRow = (await deps.aged(userId, end)).rows.find((r) => r.clientId === clientId);
      const aged = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 };
      if (agedRow) for (const k of Object.keys(aged) as (keyof typeof aged)[]) aged[k] = poundsToPence(agedRow[k]);
      const bank = [
        { label: 'Bank', value: company.bankName },
        { label: 'Account name', value: company.bankAccountName },
        { label: 'Account number', value: company.bankAccountNumber },
        { label: 'Sort code', value: company.bankSortCode },
        { label: 'IBAN', value: company.bankIban },
        { label: 'SWIFT/BIC', value: company.bankSwift },
      ].filter((b): b is { label: string; value: string } => !!b.value?.trim());
      // Only while the client owes something: a settled statement has nothing to pay.
      const payUrl = owedPence(a.invoices) > 0 ? ((await deps.payLink?.(userId, clientId)) ?? null) : null;
      let pdf: Buffer;
      try {
        pdf = await renderStatement({
          template: company.template,
          company: {
            name: company.name,
            addressLines: lines(company.address),
            contactLines: [company.email, company.phone ?? '', company.website ?? ''].filter(Boolean),
            vatLine: company.vatNumber ? `VAT registration number ${company.vatNumber}` : null,
            logo: company.logo && company.logo.length > 0 ? company.logo : null,
          },
          client: { name: a.client.name, lines: [...lines(a.client.address), a.client.email] },
          from: from ?? null,
          to: end,
          openingPence: st.openingPence,
          lines: st.lines,
          closingPence: st.closingPence,
          aged,
          bank,
          payOnline: payUrl ? { line: 'Pay everything owed by card or bank: scan the code with your phone, or open the link below.', url: payUrl } : null,
        });
      } catch (err) {
        // Only this request fails, as with document previews (docs/reliability.md, "PDF rendering").
        if (err instanceof PdfRenderFailed) throw new AppError('INTERNAL', ERROR_MESSAGES.pdfFailed, undefined, { cause: err });
        throw err;
      }
      return { fileName: `Statement-${end}.pdf`, pdf };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
