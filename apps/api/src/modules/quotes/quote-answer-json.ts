import { sql, type SQL } from 'drizzle-orm';
import { clients, creditNotes, invoices, quoteLines, quotes } from '../../db/schema.ts';
import { sqlWord, sqlWordList } from '../../db/sql-words.ts';
import { arrayJson, objectJson, percentJson, poundsJson, stringJson, timestampJson } from '../../db/answer-json.ts';
import { lineItemsJson, vatFiguresJson } from '../documents/lines-answer-json.ts';

/** The quote's invoices as quotes.repository reads them: oldest first, a quote's plain invoice typed FULL. */
const ofQuote = sql`from ${invoices} where ${invoices.quoteId} = ${quotes.id}`;
const invoiceOrder = sql`${invoices.createdAt}, ${invoices.invoiceNumber}`;
const creditedSql = sql`coalesce((select sum(${creditNotes.totalPence}) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}), 0)`;
const notVoid = sql`${invoices.status} <> ${sqlWord('VOID')}`;

/** invoicedSoFar: what the quote's live invoices charge, less their credit notes. */
const invoicedPence = sql`(select coalesce(sum(${invoices.totalPence} - ${creditedSql}), 0) ${ofQuote} and ${notVoid})`;
/** A live FINAL or FULL invoice leaves nothing to invoice. */
const finalRaised = sql`exists (select 1 ${ofQuote} and ${notVoid} and coalesce(${invoices.quoteInvoiceType}, 'FULL') in ${sqlWordList(['FINAL', 'FULL'])})`;

const invoiceRefJson = objectJson([
  ['id', stringJson(invoices.id)],
  ['invoiceNumber', stringJson(invoices.invoiceNumber)],
  ['type', stringJson(sql`coalesce(${invoices.quoteInvoiceType}, 'FULL')`)],
  ['status', stringJson(invoices.status)],
  ['total', poundsJson(invoices.totalPence)],
]);
const firstInvoiceJson = sql`coalesce((select ${objectJson([['id', stringJson(invoices.id)], ['invoiceNumber', stringJson(invoices.invoiceNumber)]])}
  ${ofQuote} order by ${invoiceOrder} limit 1), 'null')`;

/**
 * One quote's answer (TQuote) as JSON text, key for key as toQuoteDto and JSON.stringify write
 * it. Needs `quotes` joined to its client.
 */
export const quoteAnswerJson = (): SQL<string> =>
  objectJson([
    ['id', stringJson(quotes.id)],
    ['quoteNumber', stringJson(quotes.quoteNumber)],
    ['status', stringJson(quotes.status)],
    ['clientId', stringJson(quotes.clientId)],
    ['client', objectJson([['id', stringJson(quotes.clientId)], ['name', stringJson(clients.name)]])],
    ['lineItems', lineItemsJson(quoteLines, quoteLines.quoteId, quotes.id)],
    ['tax', percentJson(quotes.taxRateBp)],
    ['subtotal', poundsJson(quotes.subtotalPence)],
    ['taxAmount', poundsJson(quotes.taxPence)],
    // vatBreakdown and reverseChargeVat, keys included, or nothing
    ['total', sql`${poundsJson(quotes.totalPence)} || ${vatFiguresJson(quoteLines, quoteLines.quoteId, quotes.id, quotes.taxRateBp)}`],
    ['sentAt', timestampJson(quotes.sentAt)],
    ['createdAt', timestampJson(quotes.createdAt)],
    ['updatedAt', timestampJson(quotes.updatedAt)],
    ['siteAddress', stringJson(quotes.siteAddress)],
    ['invoice', firstInvoiceJson],
    ['invoicedAmount', poundsJson(invoicedPence)],
    ['remainingAmount', poundsJson(sql`(case when ${finalRaised} then 0 else greatest(0, ${quotes.totalPence} - ${invoicedPence}) end)`)],
    ['invoices', arrayJson(invoiceRefJson, ofQuote, invoiceOrder)],
  ]);
