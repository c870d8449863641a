import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { EXPORT_FILES, type TExportFile, type TExportQuery } from '@docket/schemas/data-transfer';
import { addDays, londonWallTimeToInstant } from '../../lib/clock.ts';
import { computeTotals, type TFixedVat } from '@docket/schemas/totals';
import { csvStream, type Column } from './csv.ts';
import { EXPORT_COLUMNS, type Totalled } from './exports.columns.ts';
import type { ExportRunsRepository } from './export-runs.repository.ts';
import type { ExportsRepository, InstantRange, IssuedDocumentRef, PageReader, WithLines } from './exports.repository.ts';

/** Renders one issued document's PDF as issued (the previews module, from its frozen snapshot). */
export type RenderIssuedPdf = (userId: string, doc: IssuedDocumentRef) => Promise<{ pdf: Buffer }>;

const FOLDERS: Record<IssuedDocumentRef['kind'], string> = { quote: 'quotes', invoice: 'invoices', credit_note: 'credit-notes' };
const safeName = (text: string) => text.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 120) || 'document';

/** London days as the instants that bound them: from 00:00 on `from` to 00:00 the day after `to`. */
function instants(q: TExportQuery): InstantRange {
  return {
    start: q.from ? londonWallTimeToInstant(q.from, 0, 0) : undefined,
    end: q.to ? londonWallTimeToInstant(addDays(q.to, 1), 0, 0) : undefined,
  };
}

/**
 * Each document with its totals by VAT rate, reverse charge and CIS from the API's one totals
 * function, so every CSV figure is the API's and the PDF's (CIS is an invoice's only).
 */
function totalled<R extends { tax_rate_bp: number; cis_rate_bp?: number | null; fixed_vat?: TFixedVat[] | null }>(
  read: PageReader<WithLines<R>>,
): PageReader<Totalled<R>> {
  return async () =>
    (await read())?.map((row) => {
      const lines = row.lines.map(([quantityMilli, unitPricePence, vat, kind, discountBp]) => ({
        quantityMilli,
        unitPricePence: Number(unitPricePence),
        vat,
        kind,
        discountBp,
      }));
      return Object.assign(row, { totals: computeTotals(lines, row.tax_rate_bp, { cisRateBp: row.cis_rate_bp ?? null, fixedVat: row.fixed_vat ?? null }) });
    }) ?? null;
}

export function createExportsService(repo: ExportsRepository, renderIssuedPdf: RenderIssuedPdf, runs: ExportRunsRepository) {
  /** The file's rows, a page (one query) at a time. */
  function pagesOf(userId: string, file: TExportFile, q: TExportQuery): PageReader<unknown> {
    const range = instants(q);
    switch (file) {
      case 'invoices':
        return totalled(repo.invoices(userId, range));
      case 'invoice-lines':
        return repo.invoiceLines(userId, range);
      case 'credit-notes':
        return totalled(repo.creditNotes(userId, range));
      case 'payments':
        return repo.payments(userId, q);
      case 'quotes':
        return totalled(repo.quotes(userId, range));
      case 'clients':
        return repo.clients(userId);
      case 'items':
        return repo.items(userId);
      case 'expenses':
        return repo.expenses(userId, q);
      case 'bank-lines':
        return repo.bankLines(userId, q);
    }
  }

  /** One CSV, streamed from the database a page at a time. */
  function csv(userId: string, file: TExportFile, q: TExportQuery): Readable {
    return csvStream(EXPORT_COLUMNS[file] as Column<unknown>[], pagesOf(userId, file, q));
  }

  /**
   * Every CSV (all dates) and every issued document's PDF as issued, as a zip written while it is
   * read: each entry is produced only when the zip reaches it, so memory holds one PDF at a time.
   */
  async function accountZip(userId: string): Promise<Readable> {
    const zip = new ZipFile();
    for (const file of EXPORT_FILES) zip.addReadStreamLazy(`${file}.csv`, (cb) => cb(null, csv(userId, file, {})));
    for (const doc of await repo.issuedDocuments(userId)) {
      zip.addReadStreamLazy(`${FOLDERS[doc.kind]}/${safeName(doc.number)}.pdf`, { compress: false }, (cb) => {
        renderIssuedPdf(userId, doc).then(
          ({ pdf }) => cb(null, Readable.from([pdf])),
          (err: unknown) => cb(err as Error, undefined as never),
        );
      });
    }
    zip.end();
    return zip.outputStream as Readable;
  }

  return {
    csv,
    accountZip,
    /** Notes who downloaded which export, before it is sent (docs/product.md, "Accounts and roles"). */
    record: (userId: string, file: TExportFile | 'account', q: TExportQuery) => runs.record(userId, file, q),
    /** GET /exports: the latest exports, newest first, each with the member who made it. */
    runs: (userId: string) => runs.latest(userId),
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
