import { isUtf8 } from 'node:buffer';
import type { z } from 'zod';
import {
  BANK_MESSAGES,
  EXPLAIN_MESSAGES,
  type TExplainRequest,
  type TBankAccount,
  type TBankLine,
  type TCsvMapping,
  type TStatementQuery,
  type TStatementResult,
  type ZBankAccountRequest,
} from '@docket/schemas/bank';
import { formatPence, penceToPounds, poundsToPence } from '@docket/schemas/money';
import { ZExpenseRequest, expensePence } from '@docket/schemas/expense';
import type { Tx } from '../numbering/counters.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BankAccountRow, BankLineRow, BankRepository } from './bank.repository.ts';
import type { BankRuleRow } from './bank-rules.repository.ts';
import { ruleExpense, ruleMatches } from './bank-rules.service.ts';
import { CSV_PRESET_LAYOUTS, StatementError, fingerprints, layoutOfMapping, parseCsvStatement, parseOfxStatement } from './statement-parse.ts';

export interface OpenInvoice {
  id: string;
  number: string;
  clientName: string;
  duePence: number;
  issuedOn: string;
}

const toAccountDto = (r: BankAccountRow): TBankAccount => ({
  id: r.id,
  name: r.name,
  sortCode: r.sortCode,
  accountNumber: r.accountNumber,
  csvMapping: r.csvMapping ?? null,
  lines: r.lines,
  unexplained: r.unexplained,
  createdAt: r.createdAt.toISOString(),
});

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * How likely a line pays an invoice (docs/product.md, "Reconciliation"): the exact amount owed
 * (0.5), the invoice number in the description (0.4), the client's name in it (0.2), and a date on
 * or after the invoice's (0.1; before it, -0.2). Only money in is matched; at most three, best first.
 * The name alone suggests only invoices the line could part-pay (their balance is at least the
 * line's amount): confirming a match allocates the whole line, which may not exceed a balance.
 */
export function suggest(line: { amountPence: number; description: string; date: string }, open: OpenInvoice[]) {
  if (line.amountPence <= 0) return [];
  const text = squash(line.description);
  return open
    .map((inv) => {
      const amount = inv.duePence === line.amountPence;
      const number = squash(inv.number).length > 0 && text.includes(squash(inv.number));
      const name = squash(inv.clientName).length >= 3 && text.includes(squash(inv.clientName));
      if (!amount && !number && !(name && inv.duePence >= line.amountPence)) return null;
      const score = (amount ? 0.5 : 0) + (number ? 0.4 : 0) + (name ? 0.2 : 0) + (line.date >= inv.issuedOn ? 0.1 : -0.2);
      return {
        invoiceId: inv.id,
        invoiceNumber: inv.number,
        amount: penceToPounds(inv.duePence),
        confidence: Math.max(0, Math.min(1, Math.round(score * 100) / 100)),
      };
    })
    .filter((s): s is NonNullable<typeof s> => s !== null)
    .sort((a, b) => b.confidence - a.confidence || a.invoiceNumber.localeCompare(b.invoiceNumber))
    .slice(0, 3);
}

const toLineDto = (r: BankLineRow, open: OpenInvoice[]): TBankLine => ({
  id: r.id,
  bankAccountId: r.bankAccountId,
  date: r.date,
  amount: penceToPounds(r.amountPence),
  description: r.description,
  balance: r.balancePence === null ? null : penceToPounds(r.balancePence),
  bankTransactionId: r.bankTransactionId,
  explained: r.explainedAt !== null,
  explanation: r.explainedAt === null ? null : { type: r.explainedType, ...(r.explanation ?? {}) },
  suggestions: r.explainedAt === null ? suggest(r, open) : [],
});

/** Bank accounts and statement import (docs/product.md, "Bank accounts and statements"). */
export interface BankServiceDeps {
  openInvoices: (userId: string) => Promise<OpenInvoice[]>;
  recordAllocations: (
    userId: string,
    allocations: { invoiceId: string; amountPence: number }[],
    paidOn: string,
    reference: string,
    within: (tx: Tx, payments: Allocated[]) => Promise<void>,
  ) => Promise<void>;
  removeAllocations: (userId: string, payments: Allocated[], within: (tx: Tx) => Promise<void>) => Promise<void>;
  createExpense: (userId: string, input: TExplainExpense) => Promise<{ id: string }>;
  removeExpense: (userId: string, id: string) => Promise<void>;
  /** the account's saved rules, oldest first (docs/product.md, "Rules") */
  rules: (userId: string) => Promise<BankRuleRow[]>;
}
type Allocated = { invoiceId: string; paymentId: string };
type TExplainExpense = Extract<TExplainRequest, { type: 'EXPENSE' }>['expense'];

export function createBankService(repo: BankRepository, deps: BankServiceDeps) {
  async function account(userId: string, id: string) {
    const row = await repo.get(userId, id);
    if (!row) throw AppError.notFound('Bank account');
    return row;
  }
  const service = {
    list: async (userId: string) => (await repo.list(userId)).map(toAccountDto),
    get: async (userId: string, id: string) => toAccountDto(await account(userId, id)),
    async create(userId: string, input: z.output<typeof ZBankAccountRequest>) {
      const id = await repo.create(userId, {
        name: input.name,
        sortCode: input.sortCode?.replace(/-/g, '') ?? null,
        accountNumber: input.accountNumber,
        csvMapping: input.csvMapping ?? null,
      });
      return toAccountDto((await repo.get(userId, id))!);
    },
    /** Save (or, with null, forget) the account's column mapping for a bank without a preset. */
    async saveMapping(userId: string, id: string, csvMapping: TCsvMapping | null) {
      if (!(await repo.setMapping(userId, id, csvMapping))) throw AppError.notFound('Bank account');
      return toAccountDto(await account(userId, id));
    },
    /** Read the whole file first: a file with any bad line is refused with nothing written. */
    async importStatement(userId: string, id: string, q: TStatementQuery, body: Buffer): Promise<TStatementResult> {
      const bank = await account(userId, id);
      // UK banks still export Windows-1252 (OFX 1 says CHARSET:1252): text that is not UTF-8 is read as Latin-1.
      const text = isUtf8(body) ? body.toString('utf8') : body.toString('latin1');
      let parsed;
      try {
        if (q.format === 'ofx') parsed = parseOfxStatement(text);
        else {
          const preset = q.preset ?? (bank.csvMapping ? 'mapping' : undefined);
          if (!preset) throw AppError.badRequest(BANK_MESSAGES.preset, { preset: BANK_MESSAGES.preset });
          if (preset === 'mapping' && !bank.csvMapping) throw AppError.badRequest(BANK_MESSAGES.noMapping, { preset: BANK_MESSAGES.noMapping });
          parsed = parseCsvStatement(text, preset === 'mapping' ? layoutOfMapping(bank.csvMapping!) : CSV_PRESET_LAYOUTS[preset]);
        }
      } catch (err) {
        if (err instanceof StatementError) throw AppError.badRequest(err.message, { file: err.message });
        throw err;
      }
      if (parsed.length === 0) throw AppError.badRequest(BANK_MESSAGES.empty, { file: BANK_MESSAGES.empty });
      const prints = fingerprints(parsed);
      const result = await repo.importLines(
        userId,
        id,
        parsed.map((l, i) => ({
          date: l.date,
          amountPence: l.amountPence,
          description: l.description,
          balancePence: l.balancePence,
          bankTransactionId: l.transactionId,
          fingerprint: prints[i]!,
        })),
      );
      const byRules = await applyRules(userId, result.added);
      const dates = parsed.map((l) => l.date).sort();
      return { imported: result.imported, duplicates: result.duplicates, byRules, from: dates[0] ?? null, to: dates[dates.length - 1] ?? null };
    },
    async lines(userId: string, id: string, status?: 'unexplained' | 'explained'): Promise<TBankLine[]> {
      await account(userId, id);
      const rows = await repo.lines(userId, id, status);
      const open = rows.some((r) => r.explainedAt === null && r.amountPence > 0) ? await deps.openInvoices(userId) : [];
      return rows.map((r) => toLineDto(r, open));
    },
    /**
     * Explain a line once (docs/product.md, "Reconciliation"): an invoice payment records one BANK
     * payment per allocation (the line as reference) in the same transaction that marks the line;
     * an expense is created paid from the bank; the rest are a type and a note.
     */
    explain: (userId: string, id: string, input: TExplainRequest) => explain(userId, id, input),
    /** Undo: the payments or the expense the explanation made go with it. */
    async unexplain(userId: string, id: string): Promise<TBankLine> {
      const line = await repo.line(userId, id);
      if (!line) throw AppError.notFound('Bank line');
      if (!line.explainedAt) throw AppError.conflict(EXPLAIN_MESSAGES.notExplained);
      const made = (line.explanation ?? {}) as { payments?: Allocated[]; expenseId?: string };
      if (line.explainedType === 'INVOICE_PAYMENT') {
        await deps.removeAllocations(userId, made.payments ?? [], async (tx) => {
          await repo.clearExplanation(tx, userId, id);
        });
      } else {
        // An expense already deleted by hand is gone either way; any other refusal (its VAT return is
        // filed: 409) keeps both the expense and the explanation, so the line is never free to be
        // explained a second time while its expense still counts.
        if (made.expenseId) {
          await deps.removeExpense(userId, made.expenseId).catch((err: unknown) => {
            if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
          });
        }
        await repo.clearExplanation(repo.db, userId, id);
      }
      const open = await deps.openInvoices(userId);
      return toLineDto((await repo.line(userId, id))!, open);
    },
  };

  return service;

  /**
   * New money-out lines a saved rule matches exactly are explained as the rule's expense, the rule
   * named in the explanation so the screen says which rule did it; undo is the same as for any line.
   * A line whose rule cannot make the expense stays unexplained for the user.
   */
  async function applyRules(userId: string, added: BankLineRow[]): Promise<number> {
    const out = added.filter((l) => l.amountPence < 0);
    if (out.length === 0) return 0;
    const rules = await deps.rules(userId);
    let done = 0;
    for (const line of out) {
      const rule = rules.find((r) => ruleMatches(r, line));
      const expense = rule ? ZExpenseRequest.safeParse(ruleExpense(rule, line)) : null;
      if (!rule || !expense?.success) continue;
      try {
        await explain(userId, line.id, { type: 'EXPENSE', expense: expense.data }, { ruleId: rule.id, rule: rule.matchText });
        done += 1;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    return done;
  }

  async function explain(userId: string, id: string, input: TExplainRequest, byRule: Record<string, unknown> = {}): Promise<TBankLine> {
    const line = await repo.line(userId, id);
    if (!line) throw AppError.notFound('Bank line');
    if (line.explainedAt) throw AppError.conflict(EXPLAIN_MESSAGES.already);
    const amount = line.amountPence;
    const claim = async (exec: Parameters<BankRepository['markExplained']>[0], explanation: Record<string, unknown>) => {
      if (!(await repo.markExplained(exec, userId, id, input.type, explanation))) throw AppError.conflict(EXPLAIN_MESSAGES.already);
    };
    if (input.type === 'INVOICE_PAYMENT' || input.type === 'OTHER_INCOME') {
      if (amount <= 0) throw AppError.badRequest(EXPLAIN_MESSAGES.moneyIn, { type: EXPLAIN_MESSAGES.moneyIn });
    } else if (input.type !== 'TRANSFER' && amount >= 0) throw AppError.badRequest(EXPLAIN_MESSAGES.moneyOut, { type: EXPLAIN_MESSAGES.moneyOut });
    if (input.type === 'INVOICE_PAYMENT') {
      const allocations = input.allocations.map((a) => ({ invoiceId: a.invoiceId, amountPence: poundsToPence(a.amount) }));
      const sum = allocations.reduce((t, a) => t + a.amountPence, 0);
      if (sum !== amount)
        throw AppError.badRequest(EXPLAIN_MESSAGES.allocationSum(formatPence(amount)), { allocations: EXPLAIN_MESSAGES.allocationSum(formatPence(amount)) });
      const reference = `Bank: ${line.description}`.slice(0, 100);
      await deps.recordAllocations(userId, allocations, line.date, reference, (tx, payments) => claim(tx, { payments }));
    } else if (input.type === 'EXPENSE') {
      const { totalPence } = expensePence(input.expense);
      if (totalPence !== -amount)
        throw AppError.badRequest(EXPLAIN_MESSAGES.expenseTotal(formatPence(-amount)), { expense: EXPLAIN_MESSAGES.expenseTotal(formatPence(-amount)) });
      // Claim first so two racing explanations cannot both make an expense; give the claim back if the expense is refused.
      await claim(repo.db, {});
      try {
        const expense = await deps.createExpense(userId, { ...input.expense, paidFrom: 'BANK' });
        await repo.setExplanation(userId, id, { expenseId: expense.id, ...byRule });
      } catch (err) {
        await repo.clearExplanation(repo.db, userId, id);
        throw err;
      }
    } else {
      await claim(repo.db, { note: input.note });
    }
    return toLineDto((await repo.line(userId, id))!, []);
  }
}
export type BankService = ReturnType<typeof createBankService>;
