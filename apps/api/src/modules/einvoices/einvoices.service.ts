import type { InvoiceService } from '@e-invoice-eu/core';
import { EINVOICE_MESSAGES } from '@docket/schemas/data-transfer';
import { INITIAL_STATUS } from '@docket/schemas/lifecycle';
import { AppError } from '../../lib/app-error.ts';
import type { EinvoicesRepository, EinvoiceSource } from './einvoices.repository.ts';
import { ublInvoice } from './ubl.ts';

/** Freezes an issued document issued before snapshots existed (rendering its PDF does). */
export type FreezeIssued = (userId: string, kind: 'invoice' | 'credit_note', id: string) => Promise<unknown>;

// The library only logs; requests must not write to the console.
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** The issued invoice's PDF exactly as its preview renders it. */
export type RenderInvoicePdf = (userId: string, id: string) => Promise<{ fileName: string; pdf: Buffer }>;

export function createEinvoicesService(repo: EinvoicesRepository, freeze: FreezeIssued, renderInvoicePdf: RenderInvoicePdf) {
  // Loaded on the first e-invoice, not at start: the library and what it pulls in (a spreadsheet
  // reader among them) are ≈ 20 MB of an idle server's memory (docs/reliability.md, "Memory").
  let library: Promise<InvoiceService> | null = null;
  const einvoiceLibrary = () => (library ??= import('@e-invoice-eu/core').then(({ InvoiceService }) => new InvoiceService(quiet)));

  async function issuedData(userId: string, kind: 'invoice' | 'credit_note', id: string) {
    const what = kind === 'invoice' ? 'Invoice' : 'Credit note';
    const read = () => (kind === 'invoice' ? repo.invoice(userId, id) : repo.creditNote(userId, id));
    let row: EinvoiceSource | null = await read();
    if (!row) throw AppError.notFound(what);
    if (row.status === INITIAL_STATUS) throw AppError.conflict(EINVOICE_MESSAGES.draft);
    if (!row.snapshot) {
      await freeze(userId, kind, id);
      row = await read();
      if (!row?.snapshot) throw AppError.notFound(what);
    }
    const data = ublInvoice({ kind, snapshot: row.snapshot, clientVatNumber: row.client_vat_number });
    return { data, baseName: row.snapshot.document.number.replace(/[^\p{L}\p{N}._-]+/gu, '_') };
  }

  async function ubl(userId: string, kind: 'invoice' | 'credit_note', id: string): Promise<{ fileName: string; xml: string }> {
    const { data, baseName } = await issuedData(userId, kind, id);
    const xml = await (await einvoiceLibrary()).generate(data, { format: 'UBL', lang: 'en-gb' });
    return { fileName: `${baseName}.xml`, xml: String(xml) };
  }

  /** The visible PDF turned into PDF/A-3 with the EN 16931 CII XML attached as factur-x.xml (same figures: one snapshot). */
  async function facturX(userId: string, id: string): Promise<{ fileName: string; pdf: Buffer }> {
    const { data, baseName } = await issuedData(userId, 'invoice', id);
    const visible = await renderInvoicePdf(userId, id);
    const out = await (await einvoiceLibrary()).generate(data, {
      format: 'Factur-X-EN16931',
      lang: 'en-gb',
      pdf: { buffer: new Uint8Array(visible.pdf), filename: visible.fileName, mimetype: 'application/pdf' },
    });
    return { fileName: `${baseName}-factur-x.pdf`, pdf: Buffer.from(out as Uint8Array) };
  }

  return {
    invoiceUbl: (userId: string, id: string) => ubl(userId, 'invoice', id),
    creditNoteUbl: (userId: string, id: string) => ubl(userId, 'credit_note', id),
    facturX,
  };
}
export type EinvoicesService = ReturnType<typeof createEinvoicesService>;
