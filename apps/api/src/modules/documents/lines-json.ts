import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { creditNoteLines, invoiceLines, quoteLines } from '../../db/schema.ts';
import { jsonRows } from '../../db/json-rows.ts';
import type { StoredLine } from './line-items.ts';

/**
 * A document's lines as one JSON column of its own row (correlated subquery on the
 * (document, position) index), so a page and its lines are one query and one round trip.
 */
export const linesJson = (
  lines: typeof invoiceLines | typeof quoteLines | typeof creditNoteLines,
  documentKey: PgColumn,
  documentId: PgColumn,
): SQL<StoredLine[]> =>
  jsonRows<StoredLine>(
    {
      position: lines.position,
      description: lines.description,
      quantityMilli: lines.quantityMilli,
      unitPricePence: lines.unitPricePence,
      amountPence: lines.amountPence,
      vat: lines.vat,
      kind: lines.kind,
      discountBp: lines.discountBp,
      unit: lines.unit,
    },
    sql`from ${lines} where ${documentKey} = ${documentId}`,
    ['position'],
  );
