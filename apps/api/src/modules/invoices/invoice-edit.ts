import type { PricedDocument, StoredLine } from '../documents/line-items.ts';

interface Content {
  clientId: string;
  taxRateBp: number;
  lines: Pick<StoredLine, 'description' | 'quantityMilli' | 'unitPricePence' | 'vat' | 'kind' | 'discountBp' | 'unit'>[];
}

export const sameLines = (a: Content['lines'], b: Content['lines']) =>
  a.length === b.length &&
  a.every((l, i) => {
    const o = b[i]!;
    return (
      l.description === o.description &&
      Number(l.quantityMilli) === Number(o.quantityMilli) &&
      Number(l.unitPricePence) === Number(o.unitPricePence) &&
      (l.vat ?? null) === (o.vat ?? null) &&
      (l.kind ?? null) === (o.kind ?? null) &&
      Number(l.discountBp ?? 0) === Number(o.discountBp ?? 0) &&
      (l.unit ?? null) === (o.unit ?? null)
    );
  });

/** The names of what an edit changes, for the history ('client', 'lines', 'tax', 'due date'). */
export function changedFields(
  current: Content & { dueDate: string; siteAddress: string | null },
  next: PricedDocument & { clientId: string; dueDate: string; siteAddress?: string | null },
): string[] {
  const changed: string[] = [];
  if (current.clientId !== next.clientId) changed.push('client');
  if (!sameLines(current.lines, next.lines)) changed.push('lines');
  if (current.taxRateBp !== next.taxRateBp) changed.push('tax');
  if (current.dueDate !== next.dueDate) changed.push('due date');
  if (next.siteAddress !== undefined && current.siteAddress !== next.siteAddress) changed.push('site address');
  return changed;
}
