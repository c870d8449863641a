import { invoiceNumberLabel } from '@docket/schemas/document';
import { basisPointsToPercent, divRoundHalfUp, penceToPounds } from '@docket/schemas/money';
import type { TVatReport, TVatReportQuery } from '@docket/schemas/reports';
import { VAT_CODES, VAT_RATES, type TVatCode, type TVatScheme } from '@docket/schemas/vat';
import type { TFixedVat } from '@docket/schemas/totals';
import { isReverseChargeExpense, type TExpenseVat } from '@docket/schemas/expense';
import { totalsOfStored, type StoredLine } from '../documents/line-items.ts';
import type { VatReportRepository } from './vat-report.repository.ts';
import { csvText } from './report-csv.ts';

interface Contribution {
  kind: 'invoice' | 'credit_note' | 'payment';
  id: string;
  invoiceId: string;
  number: string;
  date: string;
  clientName: string;
  vat: TVatCode | null;
  rateBp: number;
  reverseCharge: boolean;
  net: number;
  vatAmount: number;
}

const inBox6 = (vat: TVatCode | null) => vat === null || VAT_RATES[vat].inBox6;
const scale = (pence: number, num: number, den: number) => (den <= 0 ? 0 : Number(divRoundHalfUp(BigInt(pence) * BigInt(num), BigInt(den))));

/**
 * The VAT return figures (docs/product.md, "VAT return figures"). Invoice basis: invoices by tax
 * point, less credit notes by their date. Cash basis: each payment received counts its share
 * (payment / the invoice's amount due) of every rate of its invoice, per rate, half-up.
 * Box 1 leaves reverse-charge VAT out; box 6 leaves outside-the-scope sales out.
 */
export interface Purchase {
  id: string;
  date: string;
  supplier: string;
  vat: TExpenseVat;
  netPence: number;
  vatPence: number;
}

/**
 * Purchases (docs/product.md, "VAT return figures"): an expense counts on its date on both bases,
 * since it records money already paid. Its VAT is reclaimed in box 4 and its net is in box 7,
 * unless it is outside the scope of VAT. A reverse-charge purchase carries no VAT from the supplier:
 * the buyer declares it in box 1 and reclaims the same in box 4.
 */
function purchaseBoxes(list: Purchase[]) {
  let box1 = 0;
  let box4 = 0;
  let box7 = 0;
  for (const p of list) {
    const rc = isReverseChargeExpense(p.vat);
    if (rc) box1 += p.vatPence;
    box4 += p.vatPence;
    if (p.vat !== 'OUTSIDE_SCOPE') box7 += p.netPence;
  }
  return { box1, box4, box7 };
}

export function createVatReportService(repo: VatReportRepository, deps: { purchases: (userId: string, from: string, to: string) => Promise<Purchase[]> }) {
  async function contributions(userId: string, q: TVatReportQuery, basis: TVatScheme): Promise<Contribution[]> {
    const groupsOf = (lines: StoredLine[], taxRateBp: number, fixedVat: TFixedVat[] | null) => totalsOfStored(lines, taxRateBp, null, fixedVat).vatBreakdown;
    const out: Contribution[] = [];
    if (basis === 'invoice') {
      for (const inv of await repo.invoices(userId, q.from, q.to)) {
        for (const g of groupsOf(inv.lines, inv.taxRateBp, inv.fixedVat))
          out.push({
            kind: 'invoice',
            id: inv.id,
            invoiceId: inv.id,
            number: invoiceNumberLabel(inv.number),
            date: inv.date,
            clientName: inv.clientName,
            ...group(g),
          });
      }
      for (const cn of await repo.creditNotes(userId, q.from, q.to)) {
        for (const g of groupsOf(cn.lines, cn.taxRateBp, cn.fixedVat)) {
          const c = group(g);
          out.push({
            kind: 'credit_note',
            id: cn.id,
            invoiceId: cn.invoiceId,
            number: cn.number,
            date: cn.date,
            clientName: cn.clientName,
            ...c,
            net: -c.net,
            vatAmount: -c.vatAmount,
          });
        }
      }
    } else {
      for (const p of await repo.payments(userId, q.from, q.to)) {
        const owed = p.duePence;
        const share = Math.min(Number(p.amountPence), owed);
        for (const g of groupsOf(p.lines, p.taxRateBp, p.fixedVat)) {
          const c = group(g);
          out.push({
            kind: 'payment',
            id: p.id,
            invoiceId: p.invoiceId,
            number: invoiceNumberLabel(p.number),
            date: p.date,
            clientName: p.clientName,
            ...c,
            net: scale(c.net, share, owed),
            vatAmount: scale(c.vatAmount, share, owed),
          });
        }
      }
    }
    return out;
  }
  const group = (g: { vat: TVatCode | null; rateBp: number; reverseCharge: boolean; net: number; vatAmount: number }) => ({
    vat: g.vat,
    rateBp: g.rateBp,
    reverseCharge: g.reverseCharge,
    net: g.net,
    vatAmount: g.vatAmount,
  });

  const basisOf = async (userId: string, basis?: TVatScheme): Promise<TVatScheme> => basis ?? ((await repo.scheme(userId)) === 'cash' ? 'cash' : 'invoice');
  return {
    /**
     * Sales net of VAT in the period, in pence, counted exactly as the VAT return counts them (the
     * profit and loss report's income): invoices less credit notes, or payments' shares on the cash basis.
     */
    async salesNet(userId: string, q: TVatReportQuery): Promise<{ basis: TVatScheme; sales: number; creditNotes: number }> {
      const basis = await basisOf(userId, q.basis);
      let sales = 0;
      let creditNotes = 0;
      for (const c of await contributions(userId, q, basis)) {
        if (c.kind === 'credit_note') creditNotes += c.net;
        else sales += c.net;
      }
      return { basis, sales, creditNotes };
    },
    async vat(userId: string, q: TVatReportQuery): Promise<TVatReport> {
      const basis = await basisOf(userId, q.basis);
      const list = await contributions(userId, q, basis);
      const byKey = new Map<string, { vat: TVatCode | null; rateBp: number; reverseCharge: boolean; net: number; vatAmount: number }>();
      let box1 = 0;
      let box6 = 0;
      let rcNet = 0;
      const credits = { net: 0, vatAmount: 0 };
      for (const c of list) {
        const key = `${c.vat ?? 'CUSTOM'}:${c.rateBp}`;
        const row = byKey.get(key) ?? { vat: c.vat, rateBp: c.rateBp, reverseCharge: c.reverseCharge, net: 0, vatAmount: 0 };
        row.net += c.net;
        row.vatAmount += c.vatAmount;
        byKey.set(key, row);
        if (!c.reverseCharge) box1 += c.vatAmount;
        if (inBox6(c.vat)) box6 += c.net;
        if (c.reverseCharge) rcNet += c.net;
        if (c.kind === 'credit_note') {
          credits.net += c.net;
          if (!c.reverseCharge) credits.vatAmount += c.vatAmount;
        }
      }
      const purchases = await deps.purchases(userId, q.from, q.to);
      const bought = purchaseBoxes(purchases);
      const box3 = box1 + bought.box1;
      const order = (v: TVatCode | null) => (v === null ? VAT_CODES.length : VAT_CODES.indexOf(v));
      return {
        from: q.from,
        to: q.to,
        basis,
        box1: penceToPounds(box1 + bought.box1),
        box6: penceToPounds(box6),
        box2: 0,
        box3: penceToPounds(box3),
        box4: penceToPounds(bought.box4),
        box5: penceToPounds(box3 - bought.box4),
        box7: penceToPounds(bought.box7),
        box8: 0,
        box9: 0,
        reverseChargePurchasesVat: penceToPounds(bought.box1),
        purchases: purchases.map((p) => ({
          id: p.id,
          date: p.date,
          supplier: p.supplier,
          vat: p.vat,
          reverseCharge: isReverseChargeExpense(p.vat),
          net: penceToPounds(p.netPence),
          vatAmount: penceToPounds(p.vatPence),
        })),
        byRate: [...byKey.values()]
          .sort((a, b) => order(a.vat) - order(b.vat) || a.rateBp - b.rateBp)
          .map((r) => ({
            vat: r.vat,
            rate: basisPointsToPercent(r.rateBp),
            reverseCharge: r.reverseCharge,
            net: penceToPounds(r.net),
            vatAmount: penceToPounds(r.vatAmount),
          })),
        reverseChargeNet: penceToPounds(rcNet),
        creditNoteAdjustments: { net: penceToPounds(credits.net), vatAmount: penceToPounds(credits.vatAmount) },
        documents: list.map((c) => ({
          kind: c.kind,
          id: c.id,
          invoiceId: c.invoiceId,
          number: c.number,
          date: c.date,
          clientName: c.clientName,
          vat: c.vat,
          net: penceToPounds(c.net),
          vatAmount: penceToPounds(c.vatAmount),
        })),
      };
    },
  };
}
export type VatReportService = ReturnType<typeof createVatReportService>;

const money = (pounds: number) => pounds.toFixed(2);

/** The same figures as CSV: the boxes, each rate, then every contributing document. */
export function vatReportCsv(r: TVatReport): string {
  const rows: (string | number | null)[][] = [
    ['VAT return figures', `${r.from} to ${r.to}`, `${r.basis} basis`],
    ['Box 1 (VAT due on sales)', money(r.box1)],
    ['Box 2 (VAT due on EU acquisitions)', money(r.box2)],
    ['Box 3 (total VAT due)', money(r.box3)],
    ['Box 4 (VAT reclaimed on purchases)', money(r.box4)],
    ['Box 5 (net VAT to pay, or to reclaim if negative)', money(r.box5)],
    ['Box 6 (sales excluding VAT)', money(r.box6)],
    ['Box 7 (purchases excluding VAT)', money(r.box7)],
    ['Box 8 (supplies to the EU)', money(r.box8)],
    ['Box 9 (acquisitions from the EU)', money(r.box9)],
    ['Reverse-charge purchases VAT (in box 1 and box 4)', money(r.reverseChargePurchasesVat)],
    ['Reverse charge net (in box 6, no VAT in box 1)', money(r.reverseChargeNet)],
    ['Credit note adjustments (net, VAT)', money(r.creditNoteAdjustments.net), money(r.creditNoteAdjustments.vatAmount)],
    [],
    ['VAT', 'Rate %', 'Reverse charge', 'Net', 'VAT amount'],
    ...r.byRate.map((b) => [b.vat ? VAT_RATES[b.vat].name : 'Other rate', b.rate, b.reverseCharge ? 'yes' : 'no', money(b.net), money(b.vatAmount)]),
    [],
    ['Document', 'Number', 'Date', 'Client', 'VAT', 'Net', 'VAT amount'],
    ...r.documents.map((d) => [
      d.kind === 'credit_note' ? 'Credit note' : d.kind === 'payment' ? 'Payment' : 'Invoice',
      d.number,
      d.date,
      d.clientName,
      d.vat ?? 'Other rate',
      money(d.net),
      money(d.vatAmount),
    ]),
    [],
    ['Purchase', 'Date', 'Supplier', 'VAT', 'Net', 'VAT amount'],
    ...r.purchases.map((p) => ['Expense', p.date, p.supplier, p.vat, money(p.net), money(p.vatAmount)]),
  ];
  return csvText(rows);
}
