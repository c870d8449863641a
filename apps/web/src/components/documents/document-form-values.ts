import { DEFAULT_DUE_DAYS, DEFAULT_TAX_RATE } from '@docket/schemas/constants';
import type { z } from 'zod';
import type { TLineItemInput, ZInvoiceRequest } from '@docket/schemas/document';

/** What the quote and invoice forms edit (a quote simply has no due date). */
export interface TDocumentFormValues {
  clientId: string;
  tax: number;
  dueDate?: string;
  /** the job's address when it is not the client's ('' for none) */
  siteAddress?: string | null;
  lineItems: TLineItemInput[];
  /** recurring invoices only (docs/product.md, "Recurring invoices") */
  frequency?: string;
  startDate?: string;
  endDate?: string | null;
  /** null: each invoice follows the client's or company's payment terms */
  dueDays?: number | null;
  autoSend?: boolean;
}

/** What a valid form submits: the parsed request (trimmed text, due date as 'YYYY-MM-DD'). */
export type TDocumentSubmit = z.output<typeof ZInvoiceRequest>;

/** 'Add Item' appends this line. */
export const emptyLine = (): TLineItemInput => ({ description: '', quantity: 1, unitPrice: 0 });

/** Today plus `days` as 'YYYY-MM-DD' in the browser's calendar (what <input type="date"> shows). */
export function localIsoDateIn(days: number, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The default due date: 30 days ahead (docs/product.md, "Defaults"). */
export const defaultDueDate = () => localIsoDateIn(DEFAULT_DUE_DAYS);

/** The company's default tax rate, else 20 (also when the profile is missing or failed to load). */
export const defaultTax = (companyDefault: number | null | undefined) =>
  typeof companyDefault === 'number' && Number.isFinite(companyDefault) ? companyDefault : DEFAULT_TAX_RATE;
