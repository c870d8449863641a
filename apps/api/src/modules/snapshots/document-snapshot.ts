import type { TFixedVat } from '@docket/schemas/totals';
import type { PdfClientSource, PdfCompanySource, PdfDocumentSource, PdfLineSource } from '../../pdf/document-model.ts';

/**
 * Everything an issued document's PDF prints, frozen at issue (docs/product.md, "Issued
 * documents"): the company and client as they were, the template, and the document's own
 * figures. The logo is kept beside it as bytes (snapshot_logo). Status marks are not part of
 * it: PAID or VOID are drawn over the frozen document at render time.
 */
export interface DocumentSnapshot {
  version: 1;
  template: string;
  company: Omit<PdfCompanySource, 'logo'>;
  client: PdfClientSource;
  document: {
    number: string;
    createdAt: string;
    dueDate?: string | null;
    taxRateBp: number;
    subtotalPence: number;
    taxPence: number;
    totalPence: number;
    lines: PdfLineSource[];
    cisRateBp?: number;
    /** a final invoice's VAT per code, or a whole credit of one (see TTotalsOptions.fixedVat) */
    fixedVat?: TFixedVat[];
    siteAddress?: string | null;
    invoiceNumber?: string;
    invoiceCreatedAt?: string;
    reason?: string;
  };
}

export interface SnapshotParties {
  template: string;
  company: Omit<PdfCompanySource, 'logo'>;
  client: PdfClientSource;
  logo: Buffer | null;
}

type DocumentPart = Omit<PdfDocumentSource, 'kind' | 'status' | 'voidReason'>;

export function makeSnapshot(parties: SnapshotParties, doc: DocumentPart): { snapshot: DocumentSnapshot; logo: Buffer | null } {
  return {
    snapshot: {
      version: 1,
      template: parties.template,
      company: parties.company,
      client: parties.client,
      document: {
        number: doc.number,
        createdAt: doc.createdAt.toISOString(),
        dueDate: doc.dueDate ?? null,
        taxRateBp: doc.taxRateBp,
        subtotalPence: doc.subtotalPence,
        taxPence: doc.taxPence,
        totalPence: doc.totalPence,
        lines: doc.lines.map((l) => ({
          description: l.description,
          quantityMilli: l.quantityMilli,
          unitPricePence: l.unitPricePence,
          amountPence: l.amountPence,
          ...(l.vat ? { vat: l.vat } : {}),
          ...(l.kind ? { kind: l.kind } : {}),
          ...(l.discountBp ? { discountBp: l.discountBp } : {}),
          ...(l.unit ? { unit: l.unit } : {}),
        })),
        ...(doc.cisRateBp !== undefined && doc.cisRateBp !== null ? { cisRateBp: doc.cisRateBp } : {}),
        ...(doc.fixedVat?.length ? { fixedVat: [...doc.fixedVat] } : {}),
        ...(doc.siteAddress ? { siteAddress: doc.siteAddress } : {}),
        ...(doc.invoiceNumber ? { invoiceNumber: doc.invoiceNumber } : {}),
        ...(doc.invoiceCreatedAt ? { invoiceCreatedAt: doc.invoiceCreatedAt.toISOString() } : {}),
        ...(doc.reason ? { reason: doc.reason } : {}),
      },
    },
    logo: parties.logo,
  };
}

/** The frozen document as the PDF model's source; `status` and `dueDate` come from the live row. */
export function snapshotSource(
  kind: PdfDocumentSource['kind'],
  snap: DocumentSnapshot,
  live: { status: string; dueDate?: string | null; voidReason?: string | null },
): PdfDocumentSource {
  const d = snap.document;
  return {
    kind,
    status: live.status,
    number: d.number,
    createdAt: new Date(d.createdAt),
    dueDate: live.dueDate ?? d.dueDate ?? null,
    taxRateBp: d.taxRateBp,
    subtotalPence: d.subtotalPence,
    taxPence: d.taxPence,
    totalPence: d.totalPence,
    lines: d.lines,
    cisRateBp: d.cisRateBp ?? null,
    fixedVat: d.fixedVat ?? null,
    siteAddress: d.siteAddress ?? null,
    voidReason: live.voidReason ?? null,
    invoiceNumber: d.invoiceNumber,
    invoiceCreatedAt: d.invoiceCreatedAt ? new Date(d.invoiceCreatedAt) : undefined,
    reason: d.reason,
  };
}
