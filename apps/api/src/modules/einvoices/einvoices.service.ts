import { InvoiceService } from '@e-invoice-eu/core';
import { EINVOICE_MESSAGES } from '@docket/schemas/data-transfer';
import { INITIAL_STATUS } from '@docket/schemas/lifecycle';
import { AppError } from '../../lib/app-error.ts';
import type { EinvoicesRepository, EinvoiceSource } from './einvoices.repository.ts';
import { ublInvoice } from './ubl.ts';

/** Freezes an issued document issued before snapshots existed (rendering its PDF does). */
export type FreezeIssued = (userId: string, kind: 'invoice' | 'credit_note', id: string) => Promise<unknown>;

// The library only logs; requests must not write to the console.
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

export function createEinvoicesService(repo: EinvoicesRepository, freeze: FreezeIssued) {
  const library = new InvoiceService(quiet);

  async function ubl(userId: string, kind: 'invoice' | 'credit_note', id: string): Promise<{ fileName: string; xml: string }> {
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
    const xml = await library.generate(data, { format: 'UBL', lang: 'en-gb' });
    return { fileName: `${row.snapshot.document.number.replace(/[^\p{L}\p{N}._-]+/gu, '_')}.xml`, xml: String(xml) };
  }

  return {
    invoiceUbl: (userId: string, id: string) => ubl(userId, 'invoice', id),
    creditNoteUbl: (userId: string, id: string) => ubl(userId, 'credit_note', id),
  };
}
export type EinvoicesService = ReturnType<typeof createEinvoicesService>;
