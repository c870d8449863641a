import type { z } from 'zod';
import { EXPENSE_CATEGORIES, expensePence, type TExpense, type TExpenseListQuery, type ZExpenseRequest } from '@docket/schemas/expense';
import type { TPage } from '@docket/schemas/common';
import { penceToPounds } from '@docket/schemas/money';
import { AppError } from '../../lib/app-error.ts';
import { currentActor } from '../../lib/request-context.ts';
import { toPage } from '../../lib/pagination.ts';
import { normaliseReceipt } from '../../lib/receipt.ts';
import type { ExpenseFields, ExpenseRow, ExpensesRepository, ReceiptStore } from './expenses.repository.ts';

type ExpenseInput = z.output<typeof ZExpenseRequest>;

const toExpenseDto = (row: ExpenseRow): TExpense => ({
  id: row.id,
  date: row.date,
  supplier: row.supplier,
  description: row.description,
  category: row.category,
  allowable: EXPENSE_CATEGORIES[row.category].allowable,
  net: penceToPounds(row.netPence),
  vat: row.vat,
  vatAmount: penceToPounds(row.vatPence),
  total: penceToPounds(row.totalPence),
  paidFrom: row.paidFrom,
  clientId: row.clientId,
  receipt: row.receiptMimeType && row.receiptBytes !== null ? { mimeType: row.receiptMimeType, bytes: row.receiptBytes } : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Expenses and their receipts (docs/product.md, "Expenses"). An expense counts in boxes 4 and 7 of
 * the VAT return of its date: once that return is filed, one dated in it is neither added, changed
 * nor removed (docs/product.md, "Filed periods are locked").
 */
export function createExpensesService(
  repo: ExpensesRepository,
  receipts: ReceiptStore,
  filedPeriods?: { assertOpen(accountId: string, day: string): Promise<void> },
) {
  const assertOpen = async (userId: string, day: string) => filedPeriods?.assertOpen(userId, day);
  async function fields(userId: string, i: ExpenseInput): Promise<ExpenseFields> {
    // Another account's client reads as not there, like every other id of theirs.
    if (i.clientId && !(await repo.ownsClient(userId, i.clientId))) throw AppError.notFound('Client');
    const { netPence, vatPence, totalPence } = expensePence(i);
    return {
      date: i.date,
      supplier: i.supplier,
      description: i.description,
      category: i.category,
      netPence,
      vat: i.vat,
      vatPence,
      totalPence,
      paidFrom: i.paidFrom ?? null,
      clientId: i.clientId ?? null,
    };
  }
  async function get(userId: string, id: string) {
    const row = await repo.get(userId, id);
    if (!row) throw AppError.notFound('Expense');
    return toExpenseDto(row);
  }
  return {
    list: async (userId: string): Promise<TExpense[]> => (await repo.list(userId)).map(toExpenseDto),
    page: async (userId: string, q: TExpenseListQuery & { limit: number }): Promise<TPage<TExpense>> =>
      toPage(await repo.list(userId, q), q.limit, toExpenseDto),
    /** A list filtered by from, to or category without paging. */
    filtered: async (userId: string, q: TExpenseListQuery): Promise<TExpense[]> => (await repo.list(userId, q)).map(toExpenseDto),
    get,
    async create(userId: string, input: ExpenseInput) {
      await assertOpen(userId, input.date);
      return get(userId, await repo.create(userId, await fields(userId, input), currentActor()));
    },
    async update(userId: string, id: string, input: ExpenseInput) {
      const cur = await repo.get(userId, id);
      if (!cur) throw AppError.notFound('Expense');
      // Its old day and its new one: moving it out of a filed period changes that return too.
      await assertOpen(userId, cur.date);
      if (input.date !== cur.date) await assertOpen(userId, input.date);
      if (!(await repo.update(userId, id, await fields(userId, input)))) throw AppError.notFound('Expense');
      return get(userId, id);
    },
    async remove(userId: string, id: string) {
      const cur = await repo.get(userId, id);
      if (!cur) throw AppError.notFound('Expense');
      await assertOpen(userId, cur.date);
      // The receipt first: in S3-compatible storage its bytes are not removed with the row.
      await receipts.remove(userId, id);
      if (!(await repo.remove(userId, id))) throw AppError.notFound('Expense');
    },
    async putReceipt(userId: string, id: string, body: Buffer) {
      if (!(await repo.get(userId, id))) throw AppError.notFound('Expense');
      const receipt = await normaliseReceipt(body);
      await receipts.put(userId, id, receipt);
      return get(userId, id);
    },
    async receipt(userId: string, id: string) {
      if (!(await repo.get(userId, id))) throw AppError.notFound('Expense');
      const r = await receipts.get(userId, id);
      if (!r) throw AppError.notFound('Receipt');
      return r;
    },
    async removeReceipt(userId: string, id: string) {
      if (!(await repo.get(userId, id))) throw AppError.notFound('Expense');
      if (!(await receipts.remove(userId, id))) throw AppError.notFound('Receipt');
      return get(userId, id);
    },
  };
}
export type ExpensesService = ReturnType<typeof createExpensesService>;
