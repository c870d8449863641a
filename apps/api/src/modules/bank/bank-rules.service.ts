import type { z } from 'zod';
import { RULE_MESSAGES, type TBankRule, type ZBankRuleRequest } from '@docket/schemas/bank';
import { expenseFromTotal, type TExpenseRequest } from '@docket/schemas/expense';
import { penceToPounds, poundsToPence } from '@docket/schemas/money';
import { AppError } from '../../lib/app-error.ts';
import type { BankRuleRow, BankRulesRepository } from './bank-rules.repository.ts';

const RULES_MAX = 200;

const toDto = (r: BankRuleRow): TBankRule => ({
  id: r.id,
  match: r.matchText,
  amount: r.amountPence === null ? null : penceToPounds(r.amountPence),
  supplier: r.supplier,
  category: r.category,
  vat: r.vat,
  createdAt: r.createdAt.toISOString(),
});

/** Whether a rule matches a line exactly: money out, the text in the description (any case), the amount when the rule has one. */
export function ruleMatches(rule: Pick<BankRuleRow, 'matchText' | 'amountPence'>, line: { amountPence: number; description: string }): boolean {
  if (line.amountPence >= 0) return false;
  if (!line.description.toLowerCase().includes(rule.matchText.toLowerCase())) return false;
  return rule.amountPence === null || rule.amountPence === -line.amountPence;
}

/** The expense a rule makes of a line: the money out as the total, split at the rule's rate. */
export function ruleExpense(
  rule: Pick<BankRuleRow, 'supplier' | 'category' | 'vat'>,
  line: { amountPence: number; description: string; date: string },
): TExpenseRequest {
  return {
    date: line.date,
    supplier: rule.supplier,
    description: line.description.slice(0, 2000),
    category: rule.category,
    vat: rule.vat,
    paidFrom: 'BANK',
    ...expenseFromTotal(-line.amountPence, rule.vat),
  };
}

/** /api/bank-rules (docs/product.md, "Rules"). */
export function createBankRulesService(repo: BankRulesRepository) {
  return {
    list: async (userId: string) => (await repo.list(userId)).map(toDto),
    /** the rows, for the import to apply */
    rows: (userId: string) => repo.list(userId),
    async create(userId: string, input: z.output<typeof ZBankRuleRequest>) {
      if ((await repo.count(userId)) >= RULES_MAX) throw AppError.conflict(RULE_MESSAGES.limit);
      const row = await repo.create(userId, {
        matchText: input.match,
        amountPence: input.amount === null || input.amount === undefined ? null : poundsToPence(input.amount),
        supplier: input.supplier,
        category: input.category,
        vat: input.vat,
      });
      return toDto(row);
    },
    async remove(userId: string, id: string) {
      if (!(await repo.remove(userId, id))) throw AppError.notFound('Bank rule');
    },
  };
}
export type BankRulesService = ReturnType<typeof createBankRulesService>;
