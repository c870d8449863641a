import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { VAT_CODES, VAT_RATES, vatCodeForRate } from '@docket/schemas/vat';
import type { invoiceLines, quoteLines } from '../../db/schema.ts';
import { booleanJson, divRoundHalfUpSql, objectJson, percentJson, poundsJson, quantityJson, segmentJson, stringJson, type JsonEntry } from '../../db/answer-json.ts';

type Lines = typeof invoiceLines | typeof quoteLines;

/** A line as toLineDto answers it: VAT, kind, discount and unit only when set. */
const lineJson = (l: Lines) =>
  objectJson([
    ['description', stringJson(l.description)],
    ['quantity', quantityJson(l.quantityMilli)],
    ['unitPrice', poundsJson(l.unitPricePence)],
    ['vat', stringJson(l.vat), sql`${l.vat} is not null and ${l.vat} <> ''`],
    ['kind', stringJson(l.kind), sql`${l.kind} is not null and ${l.kind} <> ''`],
    ['discountPercent', percentJson(l.discountBp), sql`coalesce(${l.discountBp}, 0) <> 0`],
    ['unit', stringJson(l.unit), sql`${l.unit} is not null and ${l.unit} <> ''`],
  ]);

/**
 * `,"lineItems":[…]` (position order), then `totals` (the document's tax, subtotal, taxAmount and
 * total), then vatBreakdown and reverseChargeVat when a line carries its own VAT: the keys a
 * quote and an invoice answer in that order, from one scan of the lines.
 */
export const linesSegmentJson = (l: Lines, documentKey: PgColumn, documentId: PgColumn, taxRateBp: PgColumn, totals: JsonEntry[], fixedVat?: PgColumn): SQL<string> =>
  sql`(select ',"lineItems":' || coalesce('[' || string_agg(${lineJson(l)}, ',' order by ${l.position}) || ']', '[]') || ${segmentJson(totals)}
      || (case when bool_or(${l.vat} is not null) then ${vatFiguresJson(l, documentKey, documentId, taxRateBp, fixedVat)} else '' end)
    from ${l} where ${documentKey} = ${documentId})`;

/** A line's net as computeTotals works it out from the stored quantity, price and discount (half-up to the penny). */
export const lineNetSql = (l: Lines): SQL =>
  divRoundHalfUpSql(sql`(${l.quantityMilli}::numeric * ${l.unitPricePence} * (10000 - coalesce(${l.discountBp}, 0)))`, 10_000_000);

/** The code a line without its own VAT counts under (vatCodeForRate), as SQL over the document's rate. */
const documentCodeSql = (taxRateBp: PgColumn): SQL => {
  const arms = [2000, 500, 0].map((bp) => sql.raw(`when ${bp} then '${vatCodeForRate(bp)}'`));
  return sql`(case ${taxRateBp} ${sql.join(arms, sql` `)} else null end)`;
};

/** VAT_RATES as a VALUES list: code, its place in VAT_CODES (breakdown order), rate and reverse charge. */
const vatTable = sql.raw(
  `(values ${VAT_CODES.map((code, i) => `('${code}', ${i}, ${VAT_RATES[code].rateBp}, ${VAT_RATES[code].reverseCharge})`).join(', ')}) as vat_rates(code, ord, rate_bp, rc)`,
);

/**
 * `,"vatBreakdown":[…],"reverseChargeVat":…` as vatFiguresDto answers it (for a document whose
 * lines carry their own VAT: linesSegmentJson asks only then): lines grouped by code (a line without one at the document's code, a
 * custom rate as null, last), each group's VAT once, half-up (computeTotals).
 */
function vatFiguresJson(l: Lines, documentKey: PgColumn, documentId: PgColumn, taxRateBp: PgColumn, fixedVat?: PgColumn): SQL<string> {
  const rateBp = sql`coalesce(vat_rates.rate_bp, ${taxRateBp})`;
  const computed = divRoundHalfUpSql(sql`(sum(x.net) * ${rateBp})`, 10_000);
  // A group whose VAT the document fixes keeps it (computeTotals' fixedVat: a final invoice's remainder).
  const vatAmount = fixedVat
    ? sql`coalesce((select (f->>'vatPence')::bigint from jsonb_array_elements(${fixedVat}) f
        where (f->>'vat') is not distinct from x.code and (x.code is not null or (f->>'rateBp')::int = ${rateBp}) limit 1), ${computed})`
    : computed;
  const group = objectJson([
    ['vat', sql`coalesce(to_json(g.code)::text, 'null')`],
    ['rate', percentJson(sql`g.rate_bp`)],
    ['net', poundsJson(sql`g.net`)],
    ['vatAmount', poundsJson(sql`g.vat_amount`)],
    ['reverseCharge', booleanJson(sql`g.rc`)],
  ]);
  return sql`(select ',"vatBreakdown":[' || string_agg(${group}, ',' order by g.ord) || '],"reverseChargeVat":'
      || ${poundsJson(sql`coalesce(sum(g.vat_amount) filter (where g.rc), 0)`)}
    from (
      select x.code, coalesce(vat_rates.ord, ${VAT_CODES.length}) as ord, coalesce(vat_rates.rate_bp, ${taxRateBp}) as rate_bp,
        coalesce(vat_rates.rc, false) as rc, sum(x.net) as net,
        ${vatAmount} as vat_amount
      from (select coalesce(${l.vat}, ${documentCodeSql(taxRateBp)}) as code, ${lineNetSql(l)} as net from ${l} where ${documentKey} = ${documentId}) x
      left join ${vatTable} on vat_rates.code = x.code
      group by x.code, vat_rates.ord, vat_rates.rate_bp, vat_rates.rc
    ) g)`;
}
