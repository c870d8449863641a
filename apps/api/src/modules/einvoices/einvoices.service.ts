import type { InvoiceService } from '@e-invoice-eu/core';
import type { Logger } from 'pino';
import { EINVOICE_MESSAGES } from '@docket/schemas/data-transfer';
import { INITIAL_STATUS } from '@docket/schemas/lifecycle';
import { AppError } from '../../lib/app-error.ts';
import type { EinvoicesRepository, EinvoiceSource } from './einvoices.repository.ts';
import { literalXmlLibrary } from './einvoice-library.ts';
import { einvoiceRefusal, ublInvoice, type UblInput } from './ubl.ts';
import { replaceNonXml } from './xml-writer.ts';

/** Freezes an issued document issued before snapshots existed (rendering its PDF does). */
export type FreezeIssued = (userId: string, kind: 'invoice' | 'credit_note', id: string) => Promise<unknown>;

// The library only logs; requests must not write to the console.
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** The issued document's PDF exactly as its preview renders it. */
export type RenderPdf = (userId: string, id: string) => Promise<{ fileName: string; pdf: Buffer }>;

type Kind = 'invoice' | 'credit_note';
const peppolOf = (scheme: string | null, value: string | null) => (scheme && value ? { scheme, value } : null);

export function createEinvoicesService(
  repo: EinvoicesRepository,
  freeze: FreezeIssued,
  renderPdf: { invoice: RenderPdf; creditNote: RenderPdf },
  logger?: Pick<Logger, 'warn'>,
) {
  // Loaded on the first e-invoice, not at start: the library and what it pulls in (a spreadsheet
  // reader among them) are ≈ 20 MB of an idle server's memory (docs/reliability.md, "Memory").
  let library: Promise<InvoiceService> | null = null;
  const einvoiceLibrary = () =>
    (library ??= Promise.all([import('@e-invoice-eu/core'), import('ajv/dist/2019.js')]).then(([{ InvoiceService, invoiceSchema }, { default: Ajv }]) =>
      literalXmlLibrary(new InvoiceService(quiet), { invoiceSchema, Ajv }),
    ));

  async function issuedData(userId: string, kind: Kind, id: string, syntax: UblInput['syntax']) {
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
    // Text stored before the forms refused what XML cannot carry is written with U+FFFD in its
    // place; the log says where (document and field), never the text.
    const { value: snapshot, replaced } = replaceNonXml(row.snapshot);
    if (replaced.length) logger?.warn({ kind, id, fields: replaced }, 'e-invoice: characters XML cannot carry replaced with U+FFFD');
    const input: UblInput = {
      kind,
      syntax,
      snapshot,
      clientVatNumber: replaceNonXml(row.client_vat_number).value,
      sellerPeppolId: peppolOf(row.company_peppol_scheme, row.company_peppol_id),
      buyerPeppolId: peppolOf(row.client_peppol_scheme, row.client_peppol_id),
    };
    const refusal = einvoiceRefusal(input);
    if (refusal) throw AppError.conflict(refusal);
    return { data: ublInvoice(input), baseName: snapshot.document.number.replace(/[^\p{L}\p{N}._-]+/gu, '_') };
  }

  async function ubl(userId: string, kind: Kind, id: string): Promise<{ fileName: string; xml: string }> {
    const { data, baseName } = await issuedData(userId, kind, id, 'UBL');
    const xml = await (await einvoiceLibrary()).generate(data, { format: 'UBL', lang: 'en-gb' });
    return { fileName: `${baseName}.xml`, xml: String(xml) };
  }

  /** The visible PDF turned into PDF/A-3 with the EN 16931 CII XML attached as factur-x.xml (same figures: one snapshot). */
  async function facturX(userId: string, kind: Kind, id: string): Promise<{ fileName: string; pdf: Buffer }> {
    const { data, baseName } = await issuedData(userId, kind, id, 'CII');
    const visible = await (kind === 'invoice' ? renderPdf.invoice : renderPdf.creditNote)(userId, id);
    const out = await (
      await einvoiceLibrary()
    ).generate(data, {
      format: 'Factur-X-EN16931',
      lang: 'en-gb',
      pdf: { buffer: new Uint8Array(visible.pdf), filename: visible.fileName, mimetype: 'application/pdf' },
    });
    return { fileName: `${baseName}-factur-x.pdf`, pdf: Buffer.from(out as Uint8Array) };
  }

  return {
    invoiceUbl: (userId: string, id: string) => ubl(userId, 'invoice', id),
    creditNoteUbl: (userId: string, id: string) => ubl(userId, 'credit_note', id),
    facturX: (userId: string, id: string) => facturX(userId, 'invoice', id),
    creditNoteFacturX: (userId: string, id: string) => facturX(userId, 'credit_note', id),
  };
}
export type EinvoicesService = ReturnType<typeof createEinvoicesService>;
