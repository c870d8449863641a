import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_CODES, type TPaidFrom } from '@docket/schemas/expense';

/** The headings, in HMRC's order, for the category selects. */
export const CATEGORY_OPTIONS = EXPENSE_CATEGORY_CODES.map((code) => ({ value: code, label: EXPENSE_CATEGORIES[code].name }));

export const PAID_FROM_OPTIONS: { value: TPaidFrom; label: string }[] = [
  { value: 'CARD', label: 'Business card' },
  { value: 'BANK', label: 'Bank transfer' },
  { value: 'CASH', label: 'Cash' },
];
