import { z } from 'zod';
import { ZDay, ZTimestamp, optionalText, requiredText } from './common.ts';
import { ZExpenseRequest } from './expense.ts';

/** The UK banks whose CSV export layouts have a preset (docs/data-transfer.md, "Bank statements"). */
export const CSV_PRESETS = ['barclays', 'hsbc', 'lloyds', 'natwest', 'santander', 'nationwide', 'monzo', 'starling', 'tide'] as const;
export type TCsvPreset = (typeof CSV_PRESETS)[number];
export const DATE_FORMATS = ['DD/MM/YYYY', 'YYYY-MM-DD', 'DD MMM YYYY', 'DD-MM-YYYY'] as const;

export const BANK_MESSAGES = {
  name: 'Name is required',
  sortCode: 'Sort code must be 6 digits, as 12-34-56 or 123456',
  accountNumber: 'Account number must be 8 digits',
  format: 'format must be ofx or csv',
  preset: `preset must be one of ${CSV_PRESETS.join(', ')}, or mapping`,
  noMapping: 'This bank account has no saved column mapping: save one, or pick a preset',
  column: 'Column names must be text of at most 100 characters',
  amountColumns: 'Map either amount, or both paidIn and paidOut',
  empty: 'The statement has no transactions',
  status: 'status must be unexplained or explained',
} as const;

const column = z.string({ error: BANK_MESSAGES.column }).trim().min(1, BANK_MESSAGES.column).max(100, BANK_MESSAGES.column);

/** Which header names hold what, for a bank without a preset: mapped once and saved on the account. */
export const ZCsvMapping = z
  .strictObject({
    date: column,
    description: column,
    amount: column.optional(),
    paidIn: column.optional(),
    paidOut: column.optional(),
    balance: column.optional(),
    transactionId: column.optional(),
    dateFormat: z.enum(DATE_FORMATS, { error: `dateFormat must be one of ${DATE_FORMATS.join(', ')}` }).default('DD/MM/YYYY'),
  })
  .refine((m) => Boolean(m.amount) !== Boolean(m.paidIn && m.paidOut) && !(m.amount && (m.paidIn || m.paidOut)), {
    message: BANK_MESSAGES.amountColumns,
    path: ['amount'],
  });
export type TCsvMapping = z.output<typeof ZCsvMapping>;

export const ZBankAccountRequest = z.strictObject({
  name: requiredText(BANK_MESSAGES.name, 100, 'Name'),
  sortCode: optionalText(8, 'Sort code').refine((v) => v === null || /^\d{2}-?\d{2}-?\d{2}$/.test(v), BANK_MESSAGES.sortCode),
  accountNumber: optionalText(8, 'Account number').refine((v) => v === null || /^\d{8}$/.test(v), BANK_MESSAGES.accountNumber),
  csvMapping: ZCsvMapping.nullish(),
});
export type TBankAccountRequest = z.input<typeof ZBankAccountRequest>;

/** PUT /bank-accounts/{id}/csv-mapping: a bank without a preset, its columns mapped once (null forgets them). */
export const ZCsvMappingRequest = z.strictObject({ csvMapping: ZCsvMapping.nullable() });
export type TCsvMappingRequest = z.input<typeof ZCsvMappingRequest>;

export const ZBankAccount = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  sortCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  csvMapping: ZCsvMapping.nullable(),
  /** statement lines imported, and those not yet explained */
  lines: z.number().int(),
  unexplained: z.number().int(),
  createdAt: ZTimestamp,
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

export const ZStatementQuery = z.strictObject({
  format: z.enum(['ofx', 'csv'], { error: BANK_MESSAGES.format }),
  preset: z.enum([...CSV_PRESETS, 'mapping'], { error: BANK_MESSAGES.preset }).optional(),
});
export type TStatementQuery = z.output<typeof ZStatementQuery>;

export const ZStatementResult = z.strictObject({
  imported: z.number().int(),
  duplicates: z.number().int(),
  /** new money-out lines a saved rule explained (each made an expense) */
  byRules: z.number().int(),
  from: ZDay.nullable(),
  to: ZDay.nullable(),
});
export type TStatementResult = z.infer<typeof ZStatementResult>;

export const ZBankLinesQuery = z.strictObject({
  status: z.enum(['unexplained', 'explained'], { error: BANK_MESSAGES.status }).optional(),
});

export const ZBankLine = z.strictObject({
  id: z.uuid(),
  bankAccountId: z.uuid(),
  date: ZDay,
  /** pounds: money in positive, money out negative */
  amount: z.number(),
  description: z.string(),
  balance: z.number().nullable(),
  bankTransactionId: z.string().nullable(),
  explained: z.boolean(),
  /** how the line is explained: the type and what it made (payments, an expense) */
  explanation: z.record(z.string(), z.unknown()).nullable(),
  suggestions: z.array(z.strictObject({ invoiceId: z.uuid(), invoiceNumber: z.string(), amount: z.number(), confidence: z.number() })),
});
export type TBankLine = z.infer<typeof ZBankLine>;

export const EXPLAIN_MESSAGES = {
  allocations: 'Allocations must list at least one invoice and an amount over 0 with at most 2 decimals',
  allocationSum: (amount: string) => `The allocations must add up to the money in on the line (${amount})`,
  duplicateInvoice: 'Each invoice may appear once in the allocations',
  moneyIn: 'Only money in can be an invoice payment or other income',
  moneyOut: 'Only money out can be an expense, drawings, a tax payment or a refund',
  expenseTotal: (amount: string) => `The expense total must equal the money out on the line (${amount})`,
  already: 'This line is already explained: undo it first',
  notExplained: 'This line is not explained',
} as const;

const allocationAmount = z
  .number({ error: EXPLAIN_MESSAGES.allocations })
  .gt(0, EXPLAIN_MESSAGES.allocations)
  .max(10_000_000, EXPLAIN_MESSAGES.allocations)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, EXPLAIN_MESSAGES.allocations);

/** POST /api/bank-lines/{id}/explain (docs/product.md, "Reconciliation"). */
export const ZExplainRequest = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('INVOICE_PAYMENT'),
      allocations: z
        .array(z.strictObject({ invoiceId: z.uuid({ error: 'Invalid id' }), amount: allocationAmount }), { error: EXPLAIN_MESSAGES.allocations })
        .min(1, EXPLAIN_MESSAGES.allocations)
        .max(50, EXPLAIN_MESSAGES.allocations)
        .refine((a) => new Set(a.map((x) => x.invoiceId)).size === a.length, EXPLAIN_MESSAGES.duplicateInvoice),
    }),
    z.strictObject({ type: z.literal('EXPENSE'), expense: ZExpenseRequest }),
    z.strictObject({ type: z.enum(['TRANSFER', 'DRAWINGS', 'OTHER_INCOME', 'TAX', 'REFUND']), note: optionalText(500, 'Note') }),
  ],
  { error: 'type must be INVOICE_PAYMENT, EXPENSE, TRANSFER, DRAWINGS, OTHER_INCOME, TAX or REFUND' },
);
export type TExplainRequest = z.output<typeof ZExplainRequest>;

export const RULE_MESSAGES = {
  match: 'Match is required: the text the bank line description contains',
  amount: 'Amount must be an amount in pounds over 0, with at most 2 decimals',
  limit: 'An account may save at most 200 rules',
} as const;

/**
 * A saved rule (docs/product.md, "Rules"): money-out lines whose description contains `match`
 * (any case), and whose amount out equals `amount` when one is given, become this expense.
 */
export const ZBankRuleRequest = z.strictObject({
  match: requiredText(RULE_MESSAGES.match, 100, 'Match'),
  amount: z
    .number({ error: RULE_MESSAGES.amount })
    .gt(0, RULE_MESSAGES.amount)
    .max(10_000_000, RULE_MESSAGES.amount)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, RULE_MESSAGES.amount)
    .nullish(),
  supplier: ZExpenseRequest.shape.supplier,
  category: ZExpenseRequest.shape.category,
  vat: ZExpenseRequest.shape.vat,
});
export type TBankRuleRequest = z.input<typeof ZBankRuleRequest>;

export const ZBankRule = z.strictObject({
  id: z.uuid(),
  match: z.string(),
  amount: z.number().nullable(),
  supplier: z.string(),
  category: ZExpenseRequest.shape.category,
  vat: ZExpenseRequest.shape.vat,
  createdAt: ZTimestamp,
});
export type TBankRule = z.infer<typeof ZBankRule>;
