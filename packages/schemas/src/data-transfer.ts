import { z } from 'zod';
import { isIsoDate, ZDay, ZTimestamp } from './common.ts';
import { ZActor } from './history.ts';

/** The CSV files GET /api/exports/{name}.csv answers, in the order account.zip holds them. */
export const EXPORT_FILES = ['invoices', 'invoice-lines', 'credit-notes', 'payments', 'quotes', 'clients', 'items', 'expenses', 'bank-lines'] as const;
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

/** GET /api/exports: the account's latest exports, newest first, with the member who made each. */
export const EXPORT_RUNS_SHOWN = 20;
export const ZExportRun = z.strictObject({
  id: z.uuid(),
  /** a CSV's name, or 'account' for the whole-account zip */
  file: z.enum([...EXPORT_FILES, 'account']),
  from: ZDay.nullable(),
  to: ZDay.nullable(),
  createdAt: ZTimestamp,
  by: ZActor.optional(),
});
export type TExportRun = z.infer<typeof ZExportRun>;

export const IMPORT_KINDS = ['clients', 'items', 'expenses'] as const;
export type TImportKind = (typeof IMPORT_KINDS)[number];
/** Largest CSV an import takes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  dryRun: 'dryRun must be true or false',
  skipInvalid: 'skipInvalid must be true or false',
  empty: 'The file has no rows to import',
  notCsv: 'The file could not be read as CSV',
  notCsvAt: (line: number) => `The file could not be read as CSV: line ${line} is not valid CSV (check its quotes)`,
  expenseDate: 'Date must be a date such as 31/01/2027 or 2027-01-31',
  expenseCategory:
    'Category must be an expense heading (such as COST_OF_GOODS or "Car, van and travel"), a Xero account code or an account name Docket recognises, such as "Motor Expenses"',
  expenseNet: 'Amount must be a number in pounds, 0 or more (refunds and credits are not imported as expenses)',
  expenseVat: 'VAT must be a Docket VAT code, a Xero tax rate such as "20% (VAT on Expenses)", or a rate such as 20, 5 or 0',
  contentType: 'Send the file as text/csv or as multipart/form-data with a file field',
  tooLarge: 'The file must be 5 MB or smaller',
  missingColumn: (column: string, accepted: string) => `Required column "${column}" is missing (accepted headers: ${accepted})`,
  duplicateInFile: (key: string) => `Duplicate of an earlier row with the same ${key}`,
  duplicateExisting: (key: string) => `Already exists with the same ${key}`,
  price: 'Price must be a number',
  isBusiness: 'Business must be yes or no',
  cisRate: 'CIS rate must be 0%, 20% or 30% (or left empty)',
} as const;

/** Too many import files are being read at once (a few wait; more are refused). */
export const IMPORT_BUSY = 'Too many imports are running right now. Please try again in a minute.';

/** "1 row", "2 rows": every count the import screen and its messages show. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

const flag = (message: string) =>
  z
    .enum(['true', 'false'], { error: message })
    .optional()
    .transform((v) => v === 'true');

/**
 * ?dryRun: check only. ?skipInvalid: write the valid rows and leave out the rows with errors;
 * without it a real run is all or nothing (any error and nothing is written).
 */
export const ZImportQuery = z.object({
  dryRun: flag(IMPORT_MESSAGES.dryRun),
  skipInvalid: flag(IMPORT_MESSAGES.skipInvalid),
});

export const ZImportIssue = z.strictObject({ row: z.number().int(), column: z.string(), message: z.string() });
export type TImportIssue = z.infer<typeof ZImportIssue>;
/** How many rows the answer shows back (in the user's words) for a preview table. */
export const IMPORT_PREVIEW_ROWS = 50;
/** How many errors and duplicates an answer lists; the counts say how many there were in all. */
export const IMPORT_ISSUES_SHOWN = 100;

/**
 * `rows` read; `created` written (0 on a dry run, or when any row failed and skipInvalid was not
 * asked for); `skipped` duplicates and `errorCount` rows' errors in all, the first
 * IMPORT_ISSUES_SHOWN of each listed in `duplicates` and `errors` (the forms' messages);
 * `invalidRows` how many rows have an error (they are what skipInvalid leaves out).
 */
export const ZImportResult = z.strictObject({
  dryRun: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  duplicates: z.array(ZImportIssue),
  errors: z.array(ZImportIssue),
  errorCount: z.number().int(),
  invalidRows: z.number().int(),
  /** the first rows as Docket reads them, in the user's words: the column labels below and their text */
  preview: z.array(z.strictObject({ row: z.number().int(), values: z.record(z.string(), z.string()) })),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** The preview's columns, as the client and item screens name them. */
export const IMPORT_PREVIEW_COLUMNS = {
  clients: ['Name', 'Email', 'Phone', 'Address', 'Customer type', 'VAT number', 'CIS rate', 'Payment terms'],
  items: ['Name', 'Description', 'Price', 'VAT', 'Kind', 'Unit'],
  expenses: ['Date', 'Supplier', 'Category', 'Net', 'VAT', 'Total'],
} as const satisfies Record<TImportKind, readonly string[]>;

export interface TImportTemplateColumn {
  header: string;
  /** the file must have this column (an empty cell in it is still checked like the form) */
  required: boolean;
  /** what goes in it, in a few words */
  note: string;
}
export interface TImportTemplate {
  dialect: 'docket' | 'xero' | 'quickbooks' | 'freeagent' | 'invoice-ninja';
  /** the product the file comes from, as the screen names it */
  label: string;
  columns: TImportTemplateColumn[];
  /** one example row, in the columns' order (what the downloadable template holds) */
  example: string[];
}

const col = (header: string, required: boolean, note: string): TImportTemplateColumn => ({ header, required, note });

/**
 * The columns each import reads, per product it may come from (docs/data-transfer.md, "Header
 * mapping"); the import screen lists them and offers each as a template file with one example row.
 */
export const IMPORT_TEMPLATES: Record<TImportKind, TImportTemplate[]> = {
  clients: [
    {
      dialect: 'docket',
      label: 'Docket',
      columns: [
        col('Name', true, 'the client or business name'),
        col('Email', false, 'where documents are sent; may be empty'),
        col('Phone', false, ''),
        col('Address', false, 'one cell; new lines allowed'),
        col('Business', false, 'yes for a business, no for a consumer; a VAT number alone means a business'),
        col('VAT number', false, 'e.g. GB123456789'),
        col('CIS rate', false, '0%, 20% or 30% when the client deducts CIS; empty when not'),
        col('Payment terms (days)', false, "days until an invoice is due, 0 to 365; empty: the company's terms"),
      ],
      example: ['Harbour Lights Ltd', 'accounts@harbourlights.example', '0117 496 0000', '1 Quay Street, Bristol BS1 4DJ', 'yes', 'GB123456789', '20%', '14'],
    },
    {
      dialect: 'xero',
      label: 'Xero contacts',
      columns: [
        col('*ContactName', true, 'the contact name'),
        col('EmailAddress', false, 'may be empty'),
        col('PhoneNumber', false, ''),
        col('POAddressLine1', false, 'also POAddressLine2–4, POCity, PORegion, POPostalCode, POCountry'),
        col('TaxNumber', false, 'a VAT number makes the client a business'),
      ],
      example: ['Harbour Lights Ltd', 'accounts@harbourlights.example', '0117 496 0000', '1 Quay Street', 'GB123456789'],
    },
    {
      dialect: 'quickbooks',
      label: 'QuickBooks customers',
      columns: [
        col('Customer', true, 'or Display Name, Company'),
        col('Email', false, 'may be empty'),
        col('Phone', false, ''),
        col('Billing Address', false, 'or Billing Street, Billing City, Billing ZIP, Billing Country'),
        col('Tax Reg. No', false, 'a VAT number makes the client a business'),
      ],
      example: ['Oak & Ash Joinery', 'hello@oakash.example', '01632 960001', '5 Timber Yard, Leeds LS1 1AA', 'GB987654321'],
    },
    {
      dialect: 'freeagent',
      label: 'FreeAgent contacts',
      columns: [
        col('Organisation', true, 'or First Name and Last Name'),
        col('Email', false, 'may be empty'),
        col('Telephone', false, ''),
        col('Address 1', false, 'also Address 2–3, Town, Region, Postcode, Country'),
        col('VAT Registration Number', false, 'a VAT number makes the client a business'),
      ],
      example: ['Northern Roofing', 'ali@northernroofing.example', '0191 496 0002', '14 Slate Row', 'GB111222333'],
    },
    {
      dialect: 'invoice-ninja',
      label: 'Invoice Ninja clients',
      columns: [
        col('Name', true, 'or Client Name'),
        col('Contact Email', false, 'may be empty'),
        col('Phone', false, ''),
        col('Address1', false, 'also Address2, City, State, Postal Code, Country'),
        col('VAT Number', false, 'a VAT number makes the client a business'),
      ],
      example: ['Greenfield Garden Care', 'tom@greenfield.example', '01865 496003', '8 Meadow Lane', 'GB444555666'],
    },
  ],
  items: [
    {
      dialect: 'docket',
      label: 'Docket',
      columns: [
        col('Name', true, 'what the item is called'),
        col('Description', false, 'what the line says; when the column is there every row needs one, without it the name is used'),
        col('Price', true, 'in pounds, before VAT, e.g. 45.00 or £1,234.50'),
        col('VAT code', false, 'STANDARD, REDUCED, ZERO, EXEMPT, OUTSIDE_SCOPE, RC_STANDARD or RC_REDUCED'),
        col('Kind', false, 'LABOUR or MATERIALS'),
        col('Unit', false, 'e.g. hour, m, each'),
      ],
      example: ['Labour', 'Skilled labour per hour', '45.00', 'STANDARD', 'LABOUR', 'hour'],
    },
    {
      dialect: 'xero',
      label: 'Xero items',
      columns: [col('ItemName', true, 'or *ItemCode'), col('SalesDescription', false, ''), col('SalesUnitPrice', true, 'in pounds')],
      example: ['Copper pipe 15 mm', 'Copper pipe, 15 mm, per metre', '4.20'],
    },
    {
      dialect: 'quickbooks',
      label: 'QuickBooks products and services',
      columns: [col('Product/Service Name', true, ''), col('Sales Description', false, ''), col('Sales Price / Rate', true, 'in pounds')],
      example: ['Boiler service', 'Annual boiler service and safety check', '85.00'],
    },
    {
      dialect: 'invoice-ninja',
      label: 'Invoice Ninja products',
      columns: [col('Product', true, 'or Product Key'), col('Notes', false, ''), col('Price', true, 'in pounds')],
      example: ['Call-out', 'First hour on site', '65.00'],
    },
  ],
  expenses: [
    {
      dialect: 'docket',
      label: 'Docket',
      columns: [
        col('Date', true, '31/01/2027 or 2027-01-31'),
        col('Supplier', true, 'who was paid'),
        col('Description', false, ''),
        col('Category', true, 'an expense heading such as COST_OF_GOODS, or its name'),
        col('Net', true, 'in pounds, before VAT'),
        col('VAT code', false, 'STANDARD, REDUCED, ZERO, EXEMPT, OUTSIDE_SCOPE, RC_STANDARD, RC_REDUCED or NONE'),
        col('VAT', false, 'the VAT amount on the receipt; empty: net x rate'),
        col('Paid from', false, 'BANK, CARD or CASH'),
      ],
      example: ['2027-01-31', 'Screwfix', 'Cable and boxes', 'COST_OF_GOODS', '250.00', 'STANDARD', '50.00', 'CARD'],
    },
    {
      dialect: 'xero',
      label: 'Xero bills',
      columns: [
        col('*ContactName', true, 'the supplier'),
        col('*InvoiceDate', true, 'DD/MM/YYYY'),
        col('Description', false, ''),
        col('*Quantity', false, '1 when empty'),
        col('*UnitAmount', true, 'in pounds, excluding VAT'),
        col('Discount', false, 'percent'),
        col('*AccountCode', true, "Xero's account code (e.g. 310, 449) or name"),
        col('*TaxType', false, 'e.g. 20% (VAT on Expenses), Reverse Charge Expenses (20%), No VAT'),
        col('TaxAmount', false, 'empty: net x rate'),
      ],
      example: ['Screwfix', '31/01/2027', 'Cable and boxes', '1', '250.00', '', '310', '20% (VAT on Expenses)', '50.00'],
    },
    {
      dialect: 'quickbooks',
      label: 'QuickBooks expenses',
      columns: [
        col('Date', true, 'DD/MM/YYYY'),
        col('Payee', true, 'the supplier'),
        col('Category', true, 'the expense account, e.g. Vehicle expenses'),
        col('Memo', false, ''),
        col('Total before VAT', true, 'in pounds'),
        col('VAT', false, 'the VAT amount; 20% or 5% of the net picks that rate, none means no VAT'),
        col('Total', false, ''),
      ],
      example: ['31/01/2027', 'Shell', 'Vehicle expenses', 'Diesel for the van', '60.00', '12.00', '72.00'],
    },
    {
      dialect: 'freeagent',
      label: 'FreeAgent expenses',
      columns: [
        col('dated_on', true, 'DD/MM/YYYY'),
        col('category', true, 'FreeAgent category name, e.g. Motor Expenses'),
        col('description', true, 'also used as the supplier'),
        col('type', false, 'Payment (a Refund row is refused)'),
        col('gross_value', true, 'in pounds, VAT included'),
        col('sales_tax_rate', false, '20, 5, 0 or Auto'),
        col('sales_tax_value', false, 'empty: worked out from the rate'),
      ],
      example: ['31/01/2027', 'Motor Expenses', 'Diesel for the van', 'Payment', '72.00', '20', '12.00'],
    },
  ],
};

/** A template as CSV text (UTF-8, CRLF), quoting cells that need it. */
export function importTemplateCsv(t: TImportTemplate): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return [t.columns.map((c) => cell(c.header)).join(','), t.example.map(cell).join(',')].join('\r\n') + '\r\n';
}

export const EINVOICE_MESSAGES = {
  draft: 'Only issued documents have an e-invoice. Send the invoice first.',
  outsideScopeMixed:
    'This document mixes outside-the-scope lines with other VAT rates; e-invoices (EN 16931) allow outside the scope only when every line is. Put those lines on a separate invoice.',
  /** the document form's warning before issue */
  outsideScopeMixedWarning:
    'Outside-the-scope lines beside other VAT rates: this document will have no UBL or Factur-X e-invoice (EN 16931 allows outside the scope only on a document whose lines are all outside the scope). Put those lines on a separate invoice if the client needs an e-invoice.',
  sellerUnidentified: 'An e-invoice must identify your business: add your VAT number or Peppol ID in company settings.',
  sellerNoEndpoint: 'A Peppol e-invoice needs your electronic address: add your Peppol ID or UK VAT number in company settings.',
  buyerNoEndpoint: "A Peppol e-invoice needs the client's electronic address: add the client's Peppol ID or UK VAT number.",
} as const;
