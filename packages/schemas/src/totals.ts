import { divRoundHalfUp, percentToBasisPoints, poundsToPence, quantityToMilli } from './money.ts';
import { VAT_CODES, VAT_RATES, vatCodeForRate, type TLineKind, type TVatCode } from './vat.ts';

export interface TLineInPence {
  /** thousandths of a unit: 1.5 hours = 1500 */
  quantityMilli: number;
  unitPricePence: number;
  /** the line's own VAT rate; absent or null = the document's percent (as before per-line VAT) */
  vat?: TVatCode | null;
  /** absent or null = LABOUR */
  kind?: TLineKind | null;
  /** basis points off the line: 1250 = 12.5% */
  discountBp?: number;
}

/** One VAT rate's figures on a document: net of its lines and the VAT on that net. */
export interface TVatGroup {
  /** null: a custom document rate that is not one of the UK rates (e.g. 17.5%) */
  vat: TVatCode | null;
  rateBp: number;
  net: number;
  /** for a reverse-charge group, the VAT the customer accounts for (not charged) */
  vatAmount: number;
  reverseCharge: boolean;
}

export interface TCisInPence {
  labourNet: number;
  rateBp: number;
  deduction: number;
}

export interface TTotalsInPence {
  /** each line's amount excluding VAT, after its discount, rounded half-up to the penny */
  lineAmounts: number[];
  subtotal: number;
  /** VAT charged: every group's VAT except reverse charge */
  taxAmount: number;
  total: number;
  /** one entry per rate used, in VAT_CODES order (a custom rate last) */
  vatBreakdown: TVatGroup[];
  /** VAT the customer accounts for to HMRC; never in the total */
  reverseChargeVat: number;
  /** null unless a CIS rate is given */
  cis: TCisInPence | null;
  /** total less the CIS deduction */
  amountDue: number;
}

/** A VAT group's VAT fixed by the document instead of net x rate (see `TTotalsOptions.fixedVat`). */
export interface TFixedVat {
  vat: TVatCode | null;
  rateBp: number;
  vatPence: number;
}

export interface TTotalsOptions {
  /** the CIS deduction rate in basis points, when the invoice is from a CIS subcontractor to a client with a rate */
  cisRateBp?: number | null;
  /**
   * VAT per group that the document stores instead of net x rate: a final invoice charges what is
   * left of its quote's VAT under each code, which can be a penny off its own net x rate
   * (docs/product.md, "Invoicing a quote in stages"). Groups without an entry are computed.
   */
  fixedVat?: readonly TFixedVat[] | null;
}

const sameVatGroup = (a: Pick<TFixedVat, 'vat' | 'rateBp'>, b: Pick<TFixedVat, 'vat' | 'rateBp'>) =>
  a.vat === b.vat && (a.vat !== null || a.rateBp === b.rateBp);

/** Far above any allowed price or quantity, and still exact once scaled to pence or thousandths. */
const SAFE_AMOUNT = Number.MAX_SAFE_INTEGER / 1000;

const groupOrder = (vat: TVatCode | null) => (vat === null ? VAT_CODES.length : VAT_CODES.indexOf(vat));

/**
 * The one totals function (docs/product.md, "Totals and rounding"):
 * line net = quantity x unit price x (1 - discount), to the penny half-up;
 * lines are grouped by VAT rate; a group's VAT = its net x rate, to the penny half-up, once per group;
 * subtotal = sum of line nets; VAT charged = sum of the groups' VAT except reverse charge;
 * total = subtotal + VAT charged (a group whose VAT the document fixes, `fixedVat`, keeps it);
 * CIS deduction = labour net x CIS rate; amount due = total - deduction.
 * A line without `vat` counts at the document's rate, so a document without per-line VAT totals
 * exactly as before. Integer arithmetic throughout so pounds never pass through a float.
 */
export function computeTotals(lines: readonly TLineInPence[], taxBasisPoints: number, options: TTotalsOptions = {}): TTotalsInPence {
  const lineAmounts = lines.map((l) =>
    Number(divRoundHalfUp(BigInt(l.quantityMilli) * BigInt(l.unitPricePence) * BigInt(10_000 - (l.discountBp ?? 0)), 10_000_000n)),
  );
  const documentCode = vatCodeForRate(taxBasisPoints);
  const nets = new Map<TVatCode | null, number>();
  lines.forEach((l, i) => {
    const code = l.vat ?? documentCode;
    nets.set(code, (nets.get(code) ?? 0) + lineAmounts[i]!);
  });
  const vatBreakdown = [...nets.entries()]
    .sort(([a], [b]) => groupOrder(a) - groupOrder(b))
    .map(([vat, net]): TVatGroup => {
      const rateBp = vat === null ? taxBasisPoints : VAT_RATES[vat].rateBp;
      const fixed = options.fixedVat?.find((f) => sameVatGroup(f, { vat, rateBp }));
      return {
        vat,
        rateBp,
        net,
        vatAmount: fixed ? fixed.vatPence : Number(divRoundHalfUp(BigInt(net) * BigInt(rateBp), 10_000n)),
        reverseCharge: vat !== null && VAT_RATES[vat].reverseCharge,
      };
    });
  const subtotal = lineAmounts.reduce((sum, n) => sum + n, 0);
  const taxAmount = vatBreakdown.reduce((sum, g) => (g.reverseCharge ? sum : sum + g.vatAmount), 0);
  const reverseChargeVat = vatBreakdown.reduce((sum, g) => (g.reverseCharge ? sum + g.vatAmount : sum), 0);
  const total = subtotal + taxAmount;
  let cis: TCisInPence | null = null;
  if (options.cisRateBp !== undefined && options.cisRateBp !== null) {
    const labourNet = lines.reduce((sum, l, i) => (l.kind === 'MATERIALS' ? sum : sum + lineAmounts[i]!), 0);
    cis = { labourNet, rateBp: options.cisRateBp, deduction: Number(divRoundHalfUp(BigInt(labourNet) * BigInt(options.cisRateBp), 10_000n)) };
  }
  return { lineAmounts, subtotal, taxAmount, total, vatBreakdown, reverseChargeVat, cis, amountDue: total - (cis?.deduction ?? 0) };
}

export interface TLineInPounds {
  quantity: number;
  unitPrice: number;
  vat?: TVatCode | null;
  kind?: TLineKind | null;
  /** percent */
  discountPercent?: number | null;
}

/** Form-side entry point: lines and tax as the user typed them; invalid numbers count as 0. */
export function computeTotalsFromPounds(
  lines: readonly TLineInPounds[],
  taxPercent: number,
  /** keptLines: lines the document already carries that the form does not edit (a final's deductions, negative prices) */
  options: { cisRatePercent?: number | null; keptLines?: readonly TLineInPounds[] } = {},
): TTotalsInPence {
  // Out-of-range inputs are refused by their own field's rule; here they only must not throw.
  const safe = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= SAFE_AMOUNT ? n : 0);
  const signed = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= SAFE_AMOUNT ? n : 0);
  const percent = (n: unknown) => Math.min(100, safe(n));
  const line = (price: (n: unknown) => number) => (l: TLineInPounds) => ({
    quantityMilli: quantityToMilli(safe(l.quantity)),
    unitPricePence: poundsToPence(price(l.unitPrice)),
    vat: l.vat && (VAT_CODES as readonly string[]).includes(l.vat) ? l.vat : null,
    kind: l.kind ?? null,
    discountBp: percentToBasisPoints(percent(l.discountPercent)),
  });
  return computeTotals([...lines.map(line(safe)), ...(options.keptLines ?? []).map(line(signed))], percentToBasisPoints(safe(taxPercent)), {
    cisRateBp: options.cisRatePercent === undefined || options.cisRatePercent === null ? null : percentToBasisPoints(percent(options.cisRatePercent)),
  });
}
