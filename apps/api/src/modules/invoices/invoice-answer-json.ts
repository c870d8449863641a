import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { OVERDUE } from '@docket/schemas/lifecycle';
import { LATE_PAYMENT_COMPENSATION_BANDS, LATE_PAYMENT_DAYS_IN_YEAR, LATE_PAYMENT_MARGIN_BP } from '@docket/schemas/late-payment';
import { clients, creditNotes, invoiceLines, invoices, payments } from '../../db/schema.ts';
import { sqlWord } from '../../db/sql-words.ts';
import {
  divRoundHalfUpSql,
  integerJson,
  objectJson,
  percentJson,
  poundsJson,
  segmentJson,
  stringJson,
  timestampJson,
} from '../../db/answer-json.ts';
import { lineNetSql, linesSegmentJson } from '../documents/lines-answer-json.ts';
import { effectiveInvoiceStatus } from './invoice-status.ts';
import { baseRateBpSql } from './invoice-payments.ts';

type Today = string | Placeholder;

/** compensationPence: the first band whose upper bound exceeds the debt. */
const compensationSql = (debt: SQL): SQL => {
  const arms = LATE_PAYMENT_COMPENSATION_BANDS.map((b) =>
    b.belowPence === null ? sql.raw(`else ${b.compensationPence}`) : sql`when ${debt} < ${sql.raw(String(b.belowPence))} then ${sql.raw(String(b.compensationPence))}`,
  );
  return sql`(case ${sql.join(arms, sql` `)} end)`;
};

/**
 * `latePayment` (latePaymentPence) on the balance `debt`: overdue invoices of business clients
 * with a balance, simple interest at base + margin per day late and the compensation band; null otherwise.
 */
const latePaymentJson = (today: Today, debt: SQL): SQL => {
  const days = sql`(cast(${today} as date) - ${invoices.dueDate})`;
  const interest = divRoundHalfUpSql(
    sql`(${debt}::numeric * (${baseRateBpSql()} + ${sql.raw(String(LATE_PAYMENT_MARGIN_BP))}) * ${days})`,
    sql.raw(String(10_000 * LATE_PAYMENT_DAYS_IN_YEAR)),
  );
  const late = objectJson([
    ['daysLate', integerJson(days)],
    ['interest', poundsJson(interest)],
    ['compensation', poundsJson(compensationSql(debt))],
  ]);
  return sql`(case when ${effectiveInvoiceStatus(today)} = ${sqlWord(OVERDUE)} and ${clients.isBusiness} and ${debt} > 0 and ${days} > 0
    then ${late} else 'null' end)`;
};

const creditNoteJson = objectJson([
  ['id', stringJson(creditNotes.id)],
  ['creditNoteNumber', stringJson(creditNotes.creditNoteNumber)],
  ['total', poundsJson(creditNotes.totalPence)],
]);

const paymentJson = objectJson([
  ['id', stringJson(payments.id)],
  ['amount', poundsJson(payments.amountPence)],
  ['date', stringJson(payments.paidOn)],
  ['method', stringJson(payments.method)],
  ['reference', stringJson(payments.reference)],
  ['createdAt', timestampJson(payments.createdAt)],
]);

/**
 * `,"amountCredited":…` through `"latePayment":…` from one scan of the credit notes and one of the
 * payments: balancePence (a VOID invoice owes nothing; otherwise total less CIS, payments and
 * credits, never below 0), the notes oldest first, the payments in date order.
 */
const ledgerSegmentJson = (today: Today): SQL => {
  const balance = sql`b.balance`;
  return sql`(select ${segmentJson([
    ['amountCredited', poundsJson(sql`c.credited`)],
    ['balanceDue', poundsJson(balance)],
    ['creditNotes', sql`c.list`],
    ['amountPaid', poundsJson(sql`p.paid`)],
    ['payments', sql`p.list`],
    ['latePayment', latePaymentJson(today, balance)],
  ])}
    from (select coalesce(sum(${creditNotes.totalPence}), 0) as credited,
            coalesce('[' || string_agg(${creditNoteJson}, ',' order by ${creditNotes.createdAt}, ${creditNotes.creditNoteNumber}) || ']', '[]') as list
          from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}) c
    cross join (select coalesce(sum(${payments.amountPence}), 0) as paid,
            coalesce('[' || string_agg(${paymentJson}, ',' order by ${payments.paidOn}, ${payments.createdAt}, ${payments.id}) || ']', '[]') as list
          from ${payments} where ${payments.invoiceId} = ${invoices.id}) p
    cross join lateral (select case when ${invoices.status} = ${sqlWord('VOID')} then 0
            else greatest(0, ${invoices.totalPence} - ${invoices.cisDeductionPence} - p.paid - c.credited) end as balance) b)`;
};

/** cis: labour net (every line not MATERIALS), rate and the stored deduction (cisDto). */
const cisJson = (): SQL =>
  objectJson([
    ['labourNet', poundsJson(sql`(select coalesce(sum(${lineNetSql(invoiceLines)}), 0) from ${invoiceLines}
      where ${invoiceLines.invoiceId} = ${invoices.id} and ${invoiceLines.kind} is distinct from 'MATERIALS')`)],
    ['rate', percentJson(invoices.cisRateBp)],
    ['deduction', poundsJson(invoices.cisDeductionPence)],
  ]);

/**
 * One invoice's answer (TInvoice) as JSON text, key for key as toInvoiceDto and JSON.stringify
 * write it. Needs `invoices` joined to its client; `today` (Europe/London) decides OVERDUE.
 */
export const invoiceAnswerJson = (today: Today): SQL<string> =>
  objectJson([
    ['id', stringJson(invoices.id)],
    ['invoiceNumber', stringJson(invoices.invoiceNumber)],
    ['status', stringJson(effectiveInvoiceStatus(today))],
    ['clientId', stringJson(invoices.clientId)],
    ['client', objectJson([['id', stringJson(invoices.clientId)], ['name', stringJson(clients.name)]])],
    ['quoteId', stringJson(invoices.quoteId)],
    ['quoteInvoiceType', stringJson(invoices.quoteInvoiceType)],
    ['siteAddress', stringJson(invoices.siteAddress)],
    linesSegmentJson(invoiceLines, invoiceLines.invoiceId, invoices.id, invoices.taxRateBp, [
      ['tax', percentJson(invoices.taxRateBp)],
      ['subtotal', poundsJson(invoices.subtotalPence)],
      ['taxAmount', poundsJson(invoices.taxPence)],
      ['total', poundsJson(invoices.totalPence)],
    ], invoices.fixedVat),
    ['dueDate', stringJson(invoices.dueDate)],
    ['sentAt', timestampJson(invoices.sentAt)],
    ['paidAt', timestampJson(invoices.paidAt)],
    ['voidedAt', timestampJson(invoices.voidedAt)],
    ['voidReason', stringJson(invoices.voidReason)],
    ledgerSegmentJson(today),
    ['cis', cisJson(), sql`${invoices.cisRateBp} is not null`],
    ['amountDue', poundsJson(sql`(${invoices.totalPence} - ${invoices.cisDeductionPence})`), sql`${invoices.cisRateBp} is not null`],
    ['createdAt', timestampJson(invoices.createdAt)],
    ['updatedAt', timestampJson(invoices.updatedAt)],
  ]);
