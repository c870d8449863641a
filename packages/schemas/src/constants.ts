export const DEFAULT_TAX_RATE = 20;
export const DEFAULT_DUE_DAYS = 30;
export const QUOTE_VALID_DAYS = 30;
export const RECENT_DOCUMENTS_LIMIT = 5;
export const PASSWORD_MIN_LENGTH = 6;
export const PREFIX_MAX_LENGTH = 10;
export const DEFAULT_QUOTE_PREFIX = 'Q';
export const DEFAULT_INVOICE_PREFIX = 'INV';
export const DEFAULT_CREDIT_NOTE_PREFIX = 'CN';
export const REASON_MAX_LENGTH = 500;
export const NUMBER_PAD = 4;
export const MAX_LINE_ITEMS = 500;
/** The most one quote or invoice may total, VAT included: £1,000,000,000 (docs/product.md, "Money"). */
export const DOCUMENT_TOTAL_MAX_PENCE = 100_000_000_000;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Uploads wider or taller than this are refused before their pixels are decoded. */
export const LOGO_MAX_DIMENSION = 5000;
/** A stored logo is downscaled to fit this box: ample for a PDF header at print resolution. */
export const LOGO_STORED_MAX_WIDTH = 1200;
export const LOGO_STORED_MAX_HEIGHT = 600;
export const PAGE_LIMIT_MAX = 100;
export const BUSINESS_TIME_ZONE = 'Europe/London';

export const CURRENCIES = {
  GBP: { code: 'GBP', symbol: '£', name: 'British Pound' },
  USD: { code: 'USD', symbol: '$', name: 'US Dollar' },
  EUR: { code: 'EUR', symbol: '€', name: 'Euro' },
  CAD: { code: 'CAD', symbol: 'C$', name: 'Canadian Dollar' },
  AUD: { code: 'AUD', symbol: 'A$', name: 'Australian Dollar' },
} as const;
export type TCurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as [TCurrencyCode, ...TCurrencyCode[]];
export const DEFAULT_CURRENCY: TCurrencyCode = 'GBP';

export const TEMPLATES = ['modern', 'classic', 'minimal', 'professional', 'elegant'] as const;
export type TTemplate = (typeof TEMPLATES)[number];
export const DEFAULT_TEMPLATE: TTemplate = 'modern';
export const TEMPLATE_LABELS: Record<TTemplate, string> = {
  modern: 'Modern',
  classic: 'Classic',
  minimal: 'Minimal',
  professional: 'Professional',
  elegant: 'Elegant',
};

export const EVENT_TYPES = ['APPOINTMENT', 'QUOTE_FOLLOW_UP', 'INVOICE_FOLLOW_UP', 'MEETING'] as const;
export type TEventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<TEventType, string> = {
  APPOINTMENT: 'Appointment',
  QUOTE_FOLLOW_UP: 'Quote Follow-up',
  INVOICE_FOLLOW_UP: 'Invoice Follow-up',
  MEETING: 'Meeting',
};
export const EVENT_STATUSES = ['SCHEDULED', 'COMPLETED', 'CANCELLED'] as const;
export type TEventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_COLORS = [
  { value: '#22c55e', label: 'Green' },
  { value: '#facc15', label: 'Yellow' },
  { value: '#ef4444', label: 'Red' },
  { value: '#3b82f6', label: 'Blue' },
  { value: '#8b5cf6', label: 'Purple' },
] as const;
export const DEFAULT_EVENT_COLOR = '#22c55e';
export const EVENT_COLOR_BY_TYPE: Record<TEventType, string> = {
  APPOINTMENT: '#22c55e',
  QUOTE_FOLLOW_UP: '#facc15',
  INVOICE_FOLLOW_UP: '#ef4444',
  MEETING: '#3b82f6',
};

/** a signature drawn on a client link, as PNG bytes */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
