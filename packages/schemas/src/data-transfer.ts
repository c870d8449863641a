import { z } from 'zod';
import { isIsoDate } from './common.ts';

/** The CSV files GET /api/exports/{name}.csv answers, in the order account.zip holds them. */
export const EXPORT_FILES = ['invoices', 'invoice-lines', 'credit-notes', 'payments', 'quotes', 'clients', 'items'] as const;
export type TExportFile = (typeof EXPORT_FILES)[number];

export const EXPORT_MESSAGES = {
  from: 'from must be a date (YYYY-MM-DD)',
  to: 'to must be a date (YYYY-MM-DD)',
  order: 'from must be on or before to',
} as const;

const day = (message: string) => z.string({ error: message }).refine(isIsoDate, message).optional();

/** ?from=&to= : inclusive days in Europe/London; either may be left out. */
export const ZExportQuery = z
  .object({ from: day(EXPORT_MESSAGES.from), to: day(EXPORT_MESSAGES.to) })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: EXPORT_MESSAGES.order, path: ['from'] });
export type TExportQuery = z.output<typeof ZExportQuery>;

export const IMPORT_KINDS = ['clients', 'items'] as const;
export type TImportKind = (typeof IMPORT_KINDS)[number];
/** Largest CSV an import takes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  dryRun: 'dryRun must be true or false',
  empty: 'The file has no rows to import',
  notCsv: 'The file could not be read as CSV',
  contentType: 'Send the file as text/csv or as multipart/form-data with a file field',
  tooLarge: 'The file must be 5 MB or smaller',
  missingColumn: (column: string, accepted: string) => `Required column "${column}" is missing (accepted headers: ${accepted})`,
  duplicateInFile: (key: string) => `Duplicate of an earlier row with the same ${key}`,
  duplicateExisting: (key: string) => `Already exists with the same ${key}`,
  price: 'Price must be a number',
  isBusiness: 'Business must be yes or no',
} as const;

export const ZImportQuery = z.object({
  dryRun: z.enum(['true', 'false'], { error: IMPORT_MESSAGES.dryRun }).optional().transform((v) => v === 'true'),
});

export const ZImportIssue = z.strictObject({ row: z.number().int(), column: z.string(), message: z.string() });
export type TImportIssue = z.infer<typeof ZImportIssue>;
/** How many rows the answer shows back (mapped to Docket's fields) for a preview table. */
export const IMPORT_PREVIEW_ROWS = 50;

/**
 * `rows` read; `created` written (0 on a dry run or when any row failed); `skipped` duplicates,
 * each listed in `duplicates`; `errors` per row and column with the forms' messages.
 */
export const ZImportResult = z.strictObject({
  dryRun: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  duplicates: z.array(ZImportIssue),
  errors: z.array(ZImportIssue),
  /** the first rows as Docket reads them: row number and field values */
  preview: z.array(z.strictObject({ row: z.number().int(), values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])) })),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const EINVOICE_MESSAGES = {
  draft: 'Only issued documents have an e-invoice. Send the invoice first.',
} as const;
