/**
 * Every user-facing validation message, listed in docs/product.md, "Validation
 * messages" (plus bounds described in docs/spec-deviations.md). Server and web both read these; never inline one.
 */
export const MSG = {
  invalidEmail: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordsDontMatch: "Passwords don't match",
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  // docs/spec-deviations.md: fractional quantities below 1 (half an hour) are allowed.
  quantityMin: 'Quantity must be greater than 0',
  priceNonNegative: 'Price must be non-negative',
  clientRequired: 'Client is required',
  itemsRequired: 'At least one item is required',
  taxNonNegative: 'Tax must be non-negative',
  dueDateRequired: 'Due date is required',
  companyNameRequired: 'Company name is required',
  companyEmailRequired: 'Valid email is required',
  quotePrefixRequired: 'Quote prefix is required',
  invoicePrefixRequired: 'Invoice prefix is required',
  creditNotePrefixRequired: 'Credit note prefix is required',
  reasonRequired: 'Reason is required',
  prefixMax: 'Prefix must be 10 characters or less',
  taxRateMin: 'Tax rate must be 0 or greater',
  taxRateMax: 'Tax rate cannot exceed 100%',
  titleRequired: 'Title is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  // Beyond the spec (docs/spec-deviations.md): bounds that keep data sane.
  endBeforeStart: 'End date must be after start date',
  taxMax: 'Tax cannot exceed 100%',
  quantityDecimals: 'Quantity can have at most 3 decimal places',
  quantityMax: 'Quantity must be 1,000,000 or less',
  priceDecimals: 'Price can have at most 2 decimal places',
  priceMax: 'Price must be 10,000,000 or less',
  taxDecimals: 'Tax can have at most 2 decimal places',
  tooManyItems: 'A document can have at most 500 items',
  invalidDate: 'Date must be a valid date',
  invalidWebsite: 'Website must be a valid URL',
  invalidColor: 'Color must be a hex colour like #22c55e',
  invalidId: 'Invalid id',
  /** a body key no schema knows: refused, never ignored (docs/product.md, "Strict request bodies") */
  unknownField: (path: string) => `Unknown field: ${path}`,
  passwordMax: 'Password must be 128 characters or less',
  // docs/product.md: bcrypt reads only the first 72 bytes, so longer passwords are refused.
  passwordBytesMax: 'Password must be 72 bytes or less (72 plain letters, fewer with accents or emoji)',
  documentTotalMax: 'A document can total at most £1,000,000,000 including VAT',
  invisibleOrBidi: (field: string) => `${field} cannot contain invisible or text-direction characters`,
  notXmlText: (field: string) => `${field} cannot contain control characters or the non-characters U+FFFE and U+FFFF`,
  tooLong: (field: string, max: number) => `${field} must be ${max.toLocaleString('en-GB')} characters or less`,
} as const;

/** The client's link (docs/product.md, "Client links"): the customer's page and its public routes. */
export const SHARE_MESSAGES = {
  linkInvalid: 'This link is no longer valid',
  nameRequired: 'Name is required',
  agreeTerms: 'Please accept the terms',
  alreadyAccepted: 'This quote has already been accepted',
  alreadyDeclined: 'This quote has already been declined',
  notOpen: 'This quote is no longer open',
  changed: 'This quote has changed. Please review it again.',
  versionRequired: 'Reload the page to see the current version of this quote',
  signatureType: 'Signature must be a PNG image',
  signatureSize: 'Signature must be 200 KB or smaller',
  notShareable: 'A void invoice cannot be shared',
} as const;
