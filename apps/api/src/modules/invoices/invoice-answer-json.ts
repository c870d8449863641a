import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { OVERDUE } from '@docket/schemas/lifecycle';
import { LATE_PAYMENT_COMPENSATION_BANDS, LATE_PAYMENT_DAYS_IN_YEAR, LATE_PAYMENT_MARGIN_BP } from '@docket/schemas/late-payment';
import { clients, creditNotes, invoiceLines, invoices, payments } from '../../db/schema.ts';
import { sqlWord } from '../../db/sql-words.ts';
import {
  arrayJson,
  divRoundHalfUpSql,
  integerJson,
  objectJson,
  percentJson,
  poundsJson,
  stringJson,
  timestampJson,
} from '../../db/answer-json.ts';
import { lineItemsJson, lineNetSql, vatFiguresJson } from '../documents/lines-answer-json.ts';
import { effectiveInvoiceStatus } from './invoice-status.ts';
import { creditedPenceSql } from './invoice-credits.ts';
import { baseRateBpSql, paidPenceSql } from './invoice-payments.ts';

type Today = string | Placeholder;

/** balancePence: a VOID invoice owes nothing; otherwise total less CIS, payments and credits, never below 0. */
const balanceSql = (): SQL =>
  sql`(case when ${invoices.status} = ${sqlWord('VOID')} then 0
    else greatest(0, ${invoices.totalPence} - ${invoices.cisDeductionPence} - ${paidPenceSql()} - ${creditedPenceSql()}) end)`;

/** compensationPence: the first band whose upper bound exceeds the debt. */
const compensationSql = (debt: SQL): SQL => {
  const arms = LATE_PAYMENT_COMPENSATION_BANDS.map((b) =>
    b.belowPence === null ? sql.raw(`else ${b.compensationPence}`) : sql`when ${debt} < ${sql.raw(String(b.belowPence))} then ${sql.raw(String(b.compensationPence))}`,
  );
  return sql`(case ${sql.join(arms, sql` `)} end)`;
};

/**
 * `latePayment` (latePaymentPence): overdue invoices of business clients with a balance, simple
 * interest at base + margin per day late and the compensation band; null otherwise.
 */
const latePaymentJson = (today: Today): SQL => {
  const days = sql`(cast(${today} as date) - ${invoices.dueDate})`;
  const debt = balanceSql();
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

/** cis: labour net (every line not MATERIALS), rate and the stored deduction (cisDto). */
const cisJson = (): SQL =>
  objectJson([
    ['labourNet', poundsJson(sql`(select coalesce(sum(${lineNetSql(invoiceLines)}), 0) from ${invoiceLines}
      where ${invoiceLines.invoiceId} = ${invoices.id} and ${invoiceLines.kind} is distinct from 'MATERIALS')`)],
    ['rate', percentJson(invoices.cisRateBp)],
    ['deduction', poundsJson(invoices.cisDeductionPence)],
  ]);

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
    ['lineItems', lineItemsJson(invoiceLines, invoiceLines.invoiceId, invoices.id)],
    ['tax', percentJson(invoices.taxRateBp)],
    ['subtotal', poundsJson(invoices.subtotalPence)],
    ['taxAmount', poundsJson(invoices.taxPence)],
    // vatBreakdown and reverseChargeVat, keys included, or nothing
    ['total', sql`${poundsJson(invoices.totalPence)} || ${vatFiguresJson(invoiceLines, invoiceLines.invoiceId, invoices.id, invoices.taxRateBp)}`],
    ['dueDate', stringJson(invoices.dueDate)],
    ['sentAt', timestampJson(invoices.sentAt)],
    ['paidAt', timestampJson(invoices.paidAt)],
    ['voidedAt', timestampJson(invoices.voidedAt)],
    ['voidReason', stringJson(invoices.voidReason)],
    ['amountCredited', poundsJson(creditedPenceSql())],
    ['balanceDue', poundsJson(balanceSql())],
    ['creditNotes', arrayJson(creditNoteJson, sql`from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}`, sql`${creditNotes.createdAt}, ${creditNotes.creditNoteNumber}`)],
    ['amountPaid', poundsJson(paidPenceSql())],
    [
      'payments',
      arrayJson(paymentJson, sql`from ${payments} where ${payments.invoiceId} = ${invoices.id}`, sql`${payments.paidOn}, ${payments.createdAt}, ${payments.id}`),
    ],
    ['latePayment', latePaymentJson(today)],
    ['cis', cisJson(), sql`${invoices.cisRateBp} is not null`],
    ['amountDue', poundsJson(sql`(${invoices.totalPence} - ${invoices.cisDeductionPence})`), sql`${invoices.cisRateBp} is not null`],
    ['createdAt', timestampJson(invoices.createdAt)],
    ['updatedAt', timestampJson(invoices.updatedAt)],
  ]);
