import { sql, type SQL } from 'drizzle-orm';
import { clients, creditNotes, invoices, quoteLines, quotes } from '../../db/schema.ts';
import { sqlWord, sqlWordList } from '../../db/sql-words.ts';
import { objectJson, percentJson, poundsJson, segmentJson, stringJson, timestampJson } from '../../db/answer-json.ts';
import { linesSegmentJson } from '../documents/lines-answer-json.ts';

/** The quote's invoices as quotes.repository reads them: oldest first, a quote's plain invoice typed FULL. */
const invoiceOrder = sql`${invoices.createdAt}, ${invoices.invoiceNumber}`;
const invoiceType = sql`coalesce(${invoices.quoteInvoiceType}, 'FULL')`;
const creditedSql = sql`coalesce((select sum(${creditNotes.totalPence}) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}), 0)`;
const notVoid = sql`${invoices.status} <> ${sqlWord('VOID')}`;

/** invoicedSoFar: what the quote's live invoices charge, less their credit notes. */
const invoicedPence = sql`coalesce(sum(${invoices.totalPence} - ${creditedSql}) filter (where ${notVoid}), 0)`;
/** A live FINAL or FULL invoice leaves nothing to invoice. */
const finalRaised = sql`coalesce(bool_or(${invoiceType} in ${sqlWordList(['FINAL', 'FULL'])}) filter (where ${notVoid}), false)`;

const invoiceRefJson = objectJson([
  ['id', stringJson(invoices.id)],
  ['invoiceNumber', stringJson(invoices.invoiceNumber)],
  ['type', stringJson(invoiceType)],
  ['status', stringJson(invoices.status)],
  ['total', poundsJson(invoices.totalPence)],
]);
const firstRefJson = objectJson([['id', stringJson(invoices.id)], ['invoiceNumber', stringJson(invoices.invoiceNumber)]]);

/** `,"invoice":…` through `"invoices":[…]` from one scan of the invoices made from the quote. */
const invoicedSegmentJson = sql`(select ${segmentJson([
  ['invoice', sql`coalesce((array_agg(${firstRefJson} order by ${invoiceOrder}))[1], 'null')`],
  ['invoicedAmount', poundsJson(invoicedPence)],
  ['remainingAmount', poundsJson(sql`(case when ${finalRaised} then 0 else greatest(0, ${quotes.totalPence} - ${invoicedPence}) end)`)],
  ['invoices', sql`coalesce('[' || string_agg(${invoiceRefJson}, ',' order by ${invoiceOrder}) || ']', '[]')`],
])} from ${invoices} where ${invoices.quoteId} = ${quotes.id})`;

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
    linesSegmentJson(quoteLines, quoteLines.quoteId, quotes.id, quotes.taxRateBp, [
      ['tax', percentJson(quotes.taxRateBp)],
      ['subtotal', poundsJson(quotes.subtotalPence)],
      ['taxAmount', poundsJson(quotes.taxPence)],
      ['total', poundsJson(quotes.totalPence)],
    ]),
    ['sentAt', timestampJson(quotes.sentAt)],
    ['createdAt', timestampJson(quotes.createdAt)],
    ['updatedAt', timestampJson(quotes.updatedAt)],
    ['siteAddress', stringJson(quotes.siteAddress)],
    invoicedSegmentJson,
  ]);
