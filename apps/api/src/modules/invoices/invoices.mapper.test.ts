import { describe, expect, it } from 'vitest';
import type { TInvoice, TQuoteInvoiceType } from '@docket/schemas/document';
import { basisPointsToPercent, milliToQuantity, penceToPounds } from '@docket/schemas/money';
import { balanceDuePence } from '@docket/schemas/credit-note';
import { latePaymentPence } from '@docket/schemas/late-payment';
import { OVERDUE } from '@docket/schemas/lifecycle';
import type { TPaymentMethod } from '@docket/schemas/payment';
import { actorOfRef } from '../../lib/actor.ts';
import { totalsOfStored, usesLineVat, type StoredLine } from '../documents/line-items.ts';
import { toInvoiceDto } from './invoices.mapper.ts';
import type { InvoiceWithLines } from './invoices.repository.ts';

/**
 * The mapper as it was before it was built field by field (issue 38), spreads and all: the answer's
 * JSON must stay the same text, byte for byte, for every kind of invoice.
 */
const reference = (row: InvoiceWithLines): TInvoice => {
  const lineDto = (l: StoredLine) => ({
    description: l.description,
    quantity: milliToQuantity(l.quantityMilli),
    unitPrice: penceToPounds(l.unitPricePence),
    ...(l.vat ? { vat: l.vat } : {}),
    ...(l.kind ? { kind: l.kind } : {}),
    ...(l.discountBp ? { discountPercent: basisPointsToPercent(l.discountBp) } : {}),
    ...(l.unit ? { unit: l.unit } : {}),
  });
  const vatFigures = () => {
    if (!usesLineVat(row.lines)) return {};
    const t = totalsOfStored(row.lines, row.taxRateBp, null, row.fixedVat);
    return {
      vatBreakdown: t.vatBreakdown.map((g) => ({
        vat: g.vat,
        rate: basisPointsToPercent(g.rateBp),
        net: penceToPounds(g.net),
        vatAmount: penceToPounds(g.vatAmount),
        reverseCharge: g.reverseCharge,
      })),
      reverseChargeVat: penceToPounds(t.reverseChargeVat),
    };
  };
  const paid = row.payments.reduce((sum, p) => sum + Number(p.amountPence), 0);
  const credited = row.credits.reduce((sum, c) => sum + Number(c.totalPence), 0);
  const balance = row.status === 'VOID' ? 0 : balanceDuePence({ total: row.totalPence - Number(row.cisDeductionPence), paid, credited });
  const cis = () => {
    if (row.cisRateBp === null) return {};
    const c = totalsOfStored(row.lines, row.taxRateBp, row.cisRateBp).cis!;
    return {
      cis: { labourNet: penceToPounds(c.labourNet), rate: basisPointsToPercent(c.rateBp), deduction: penceToPounds(Number(row.cisDeductionPence)) },
      amountDue: penceToPounds(row.totalPence - Number(row.cisDeductionPence)),
    };
  };
  const late = () => {
    if (row.status !== OVERDUE || !row.clientIsBusiness) return null;
    const l = latePaymentPence(balance, row.daysPastDue, row.baseRateBp);
    return l && { daysLate: l.daysLate, interest: penceToPounds(l.interestPence), compensation: penceToPounds(l.compensationPence) };
  };
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    status: row.status,
    clientId: row.clientId,
    client: { id: row.clientId, name: row.clientName },
    quoteId: row.quoteId,
    quoteInvoiceType: (row.quoteInvoiceType as TQuoteInvoiceType | null) ?? null,
    siteAddress: row.siteAddress,
    lineItems: row.lines.map(lineDto),
    tax: basisPointsToPercent(row.taxRateBp),
    subtotal: penceToPounds(row.subtotalPence),
    taxAmount: penceToPounds(row.taxPence),
    total: penceToPounds(row.totalPence),
    ...vatFigures(),
    dueDate: row.dueDate,
    sentAt: row.sentAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    amountCredited: penceToPounds(credited),
    balanceDue: penceToPounds(balance),
    creditNotes: row.credits.map((c) => ({ id: c.id, creditNoteNumber: c.creditNoteNumber, total: penceToPounds(Number(c.totalPence)), ...actorOfRef(c.by) })),
    amountPaid: penceToPounds(paid),
    payments: row.payments.map((p) => ({
      id: p.id,
      amount: penceToPounds(Number(p.amountPence)),
      date: p.paidOn,
      method: p.method as TPaymentMethod,
      reference: p.reference,
      createdAt: new Date(p.createdAt).toISOString(),
      ...actorOfRef(p.by),
    })),
    latePayment: late(),
    ...cis(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as TInvoice;
};

const line = (over: Partial<StoredLine> = {}): StoredLine => ({
  position: 0,
  description: 'Labour',
  quantityMilli: 1500,
  unitPricePence: 4250,
  amountPence: 6375,
  vat: null,
  kind: null,
  discountBp: 0,
  unit: null,
  ...over,
});
const member = { userId: '7d8c7f0e-0000-4000-8000-000000000001', email: 'office@example.co.uk', name: null };

const base: InvoiceWithLines = {
  id: '1b6f3a52-0000-4000-8000-000000000001',
  userId: '1b6f3a52-0000-4000-8000-0000000000aa',
  clientId: '1b6f3a52-0000-4000-8000-0000000000cc',
  clientName: 'O\'Brien "Drains" Ltd',
  quoteId: null,
  quoteInvoiceType: null,
  siteAddress: null,
  invoiceNumber: 'INV0042',
  status: 'DRAFT',
  taxRateBp: 2000,
  subtotalPence: 6375,
  taxPence: 1275,
  totalPence: 7650,
  cisRateBp: null,
  cisDeductionPence: 0,
  fixedVat: null,
  dueDate: '2026-12-01',
  sentAt: null,
  paidAt: null,
  voidedAt: null,
  voidReason: null,
  createdAt: new Date('2026-11-01T09:30:00.123Z'),
  updatedAt: new Date('2026-11-02T10:00:00.000Z'),
  lines: [line()],
  credits: [],
  payments: [],
  clientIsBusiness: false,
  baseRateBp: 400,
  daysPastDue: -4,
};

/** One invoice of each kind the answer differs by. */
const ROWS: [string, InvoiceWithLines][] = [
  ['a draft without a number', { ...base, invoiceNumber: null as unknown as string }],
  [
    'lines with VAT codes, kinds, discounts and units',
    {
      ...base,
      lines: [
        line({ vat: 'STANDARD', kind: 'LABOUR', unit: 'hour' }),
        line({ position: 1, vat: 'RC_STANDARD', kind: 'MATERIALS', discountBp: 1250, description: 'Pipe\n15mm' }),
        line({ position: 2, vat: 'ZERO', unit: 'm²' }),
      ],
    },
  ],
  [
    'sent, part paid (with and without a member) and credited',
    {
      ...base,
      status: 'SENT',
      sentAt: new Date('2026-11-03T08:00:00Z'),
      siteAddress: '1 High Street\nLondon',
      payments: [
        { id: 'p1', amountPence: 1000, paidOn: '2026-11-04', method: 'CASH', reference: null, createdAt: '2026-11-04T12:00:00.5+00:00', by: member },
        { id: 'p2', amountPence: 250, paidOn: '2026-11-05', method: 'BANK_TRANSFER', reference: 'REF 1', createdAt: '2026-11-05 12:00:00+00', by: null },
      ],
      credits: [
        { id: 'c1', creditNoteNumber: 'CN0001', totalPence: 500, by: member },
        { id: 'c2', creditNoteNumber: 'CN0002', totalPence: 100, by: null },
      ],
    },
  ],
  [
    'overdue for a business client (late payment)',
    { ...base, status: 'OVERDUE', clientIsBusiness: true, daysPastDue: 45, sentAt: new Date('2026-10-01T08:00:00Z') },
  ],
  ['overdue for a consumer', { ...base, status: 'OVERDUE', daysPastDue: 45 }],
  ['CIS with a deduction', { ...base, cisRateBp: 2000, cisDeductionPence: 1275, lines: [line({ kind: 'LABOUR' }), line({ position: 1, kind: 'MATERIALS' })] }],
  ['void', { ...base, status: 'VOID', voidedAt: new Date('2026-11-09T00:00:00Z'), voidReason: 'Raised twice', payments: [] }],
  ['paid', { ...base, status: 'PAID', paidAt: new Date('2026-11-09T00:00:00Z') }],
  [
    'a stage invoice of a quote with fixed VAT',
    {
      ...base,
      quoteId: '1b6f3a52-0000-4000-8000-0000000000dd',
      quoteInvoiceType: 'FINAL',
      lines: [line({ vat: 'STANDARD' }), line({ position: 1, vat: 'STANDARD', unitPricePence: -1000, amountPence: -1000 })],
      fixedVat: [{ vat: 'STANDARD', rateBp: 2000, vatPence: 1075 }],
    },
  ],
];

describe('the invoice answer (issue 38: built field by field)', () => {
  it.each(ROWS)('when the invoice is %s, then its JSON is the same text as before', (_what, row) => {
    expect(JSON.stringify(toInvoiceDto(row))).toBe(JSON.stringify(reference(row)));
  });
});
