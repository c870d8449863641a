import { divRoundHalfUp, penceToPounds } from '@docket/schemas/money';
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_CODES, type TExpenseCategory } from '@docket/schemas/expense';
import { taxMonths, taxYearRange, type TCisReport, type TProfitAndLoss, type TProfitAndLossQuery } from '@docket/schemas/reports';
import { totalsOfStored } from '../documents/line-items.ts';
import type { BooksRepository } from './books.repository.ts';
import type { VatReportService } from './vat-report.service.ts';
import { csvText } from './report-csv.ts';

const scale = (pence: number, num: number, den: number) => (den <= 0 ? 0 : Number(divRoundHalfUp(BigInt(pence) * BigInt(num), BigInt(den))));

interface CisPence {
  labour: number;
  materials: number;
  deducted: number;
}
const cisPounds = (f: CisPence) => ({
  gross: penceToPounds(f.labour + f.materials),
  labour: penceToPounds(f.labour),
  materials: penceToPounds(f.materials),
  deducted: penceToPounds(f.deducted),
});
const add = (into: CisPence, f: CisPence) => {
  into.labour += f.labour;
  into.materials += f.materials;
  into.deducted += f.deducted;
};

/**
 * Profit and loss and the CIS statement of deductions suffered (docs/product.md, "Profit and
 * loss", "CIS deductions suffered"). Integer pence throughout; pounds only in the answer.
 */
export function createBooksService(repo: BooksRepository, vat: Pick<VatReportService, 'salesNet'>) {
  return {
    async profitAndLoss(userId: string, q: TProfitAndLossQuery): Promise<TProfitAndLoss> {
      const income = await vat.salesNet(userId, { from: q.from, to: q.to, basis: q.basis });
      const vatRegistered = await repo.vatRegistered(userId);
      const sums = new Map((await repo.expensesByCategory(userId, q.from, q.to)).map((r) => [r.category, r]));
      let allowable = 0;
      let disallowable = 0;
      const rows = EXPENSE_CATEGORY_CODES.flatMap((code: TExpenseCategory) => {
        const r = sums.get(code);
        if (!r) return [];
        // Registered for VAT: the VAT is reclaimed, so the cost is the net; else what was paid.
        const amount = vatRegistered ? r.netPence : r.totalPence;
        if (EXPENSE_CATEGORIES[code].allowable) allowable += amount;
        else disallowable += amount;
        return [{ category: code, name: EXPENSE_CATEGORIES[code].name, allowable: EXPENSE_CATEGORIES[code].allowable, count: r.count, amount }];
      });
      const incomeTotal = income.sales + income.creditNotes;
      return {
        from: q.from,
        to: q.to,
        basis: income.basis,
        vatRegistered,
        income: { sales: penceToPounds(income.sales), creditNotes: penceToPounds(income.creditNotes), total: penceToPounds(incomeTotal) },
        expenses: rows.map((r) => ({ ...r, amount: penceToPounds(r.amount) })),
        allowableExpenses: penceToPounds(allowable),
        disallowableExpenses: penceToPounds(disallowable),
        totalExpenses: penceToPounds(allowable + disallowable),
        netProfit: penceToPounds(incomeTotal - allowable - disallowable),
        taxableProfit: penceToPounds(incomeTotal - allowable),
      };
    },

    /**
     * Each payment received in the tax year on an invoice priced with a CIS rate counts its share
     * (payment / amount due) of the invoice's labour, materials and deduction, each half-up, in
     * the tax month (6th to 5th) it was paid: the month the contractor deducted and reports it.
     */
    async cis(userId: string, taxYear: number): Promise<TCisReport> {
      const { from, to } = taxYearRange(taxYear);
      const months = taxMonths(taxYear);
      const byKey = new Map<string, { clientId: string; clientName: string; taxMonth: number; payments: number } & CisPence>();
      for (const p of await repo.cisPayments(userId, from, to)) {
        const totals = totalsOfStored(p.lines, p.taxRateBp, p.cisRateBp, p.fixedVat);
        const labourNet = totals.cis?.labourNet ?? 0;
        const materialsNet = totals.subtotal - labourNet;
        const owed = p.duePence;
        const share = Math.min(Number(p.amountPence), owed);
        const month = months.find((m) => p.date >= m.from && p.date <= m.to)!;
        const key = `${p.clientId}:${month.month}`;
        const row = byKey.get(key) ?? {
          clientId: p.clientId,
          clientName: p.clientName,
          taxMonth: month.month,
          payments: 0,
          labour: 0,
          materials: 0,
          deducted: 0,
        };
        row.payments += 1;
        add(row, {
          labour: scale(labourNet, share, owed),
          materials: scale(materialsNet, share, owed),
          deducted: scale(Number(p.cisDeductionPence), share, owed),
        });
        byKey.set(key, row);
      }
      const rows = [...byKey.values()].sort(
        (a, b) => a.clientName.localeCompare(b.clientName, 'en-GB') || a.clientId.localeCompare(b.clientId) || a.taxMonth - b.taxMonth,
      );
      const contractors = new Map<string, { clientId: string; clientName: string } & CisPence>();
      const totals: CisPence = { labour: 0, materials: 0, deducted: 0 };
      for (const r of rows) {
        const c = contractors.get(r.clientId) ?? { clientId: r.clientId, clientName: r.clientName, labour: 0, materials: 0, deducted: 0 };
        add(c, r);
        contractors.set(r.clientId, c);
        add(totals, r);
      }
      return {
        taxYear,
        from,
        to,
        rows: rows.map((r) => ({
          clientId: r.clientId,
          clientName: r.clientName,
          taxMonth: r.taxMonth,
          monthFrom: months[r.taxMonth - 1]!.from,
          monthTo: months[r.taxMonth - 1]!.to,
          payments: r.payments,
          ...cisPounds(r),
        })),
        contractors: [...contractors.values()].map((c) => ({ clientId: c.clientId, clientName: c.clientName, ...cisPounds(c) })),
        totals: cisPounds(totals),
      };
    },
  };
}
export type BooksService = ReturnType<typeof createBooksService>;

const money = (pounds: number) => pounds.toFixed(2);

/** Profit and loss as CSV: income, each heading, the totals. */
export function profitAndLossCsv(r: TProfitAndLoss): string {
  return csvText([
    ['Profit and loss', `${r.from} to ${r.to}`, `${r.basis} basis`, r.vatRegistered ? 'expenses net of VAT' : 'expenses including VAT'],
    [],
    ['Income', 'Amount'],
    ['Sales (net of VAT)', money(r.income.sales)],
    ['Credit notes (net of VAT)', money(r.income.creditNotes)],
    ['Total income', money(r.income.total)],
    [],
    ['Expense category', 'Allowable', 'Expenses', 'Amount'],
    ...r.expenses.map((e) => [e.name, e.allowable ? 'yes' : 'no', e.count, money(e.amount)]),
    ['Allowable expenses', '', '', money(r.allowableExpenses)],
    ['Not allowable expenses', '', '', money(r.disallowableExpenses)],
    ['Total expenses', '', '', money(r.totalExpenses)],
    [],
    ['Net profit (income less all expenses)', money(r.netProfit)],
    ['Taxable profit (income less allowable expenses)', money(r.taxableProfit)],
  ]);
}

/** The CIS statement as CSV: one row per contractor and tax month, each contractor's totals, the year's. */
export function cisReportCsv(r: TCisReport): string {
  return csvText([
    ['CIS deductions suffered', `Tax year ${r.taxYear} to ${r.taxYear + 1}`, `${r.from} to ${r.to}`],
    [],
    ['Contractor', 'Tax month', 'Month from', 'Month to', 'Payments', 'Gross (excluding VAT)', 'Labour', 'Materials', 'CIS deducted'],
    ...r.rows.map((x) => [
      x.clientName,
      x.taxMonth,
      x.monthFrom,
      x.monthTo,
      x.payments,
      money(x.gross),
      money(x.labour),
      money(x.materials),
      money(x.deducted),
    ]),
    [],
    ['Contractor totals', '', '', '', '', 'Gross (excluding VAT)', 'Labour', 'Materials', 'CIS deducted'],
    ...r.contractors.map((c) => [c.clientName, '', '', '', '', money(c.gross), money(c.labour), money(c.materials), money(c.deducted)]),
    ['Total', '', '', '', '', money(r.totals.gross), money(r.totals.labour), money(r.totals.materials), money(r.totals.deducted)],
  ]);
}
