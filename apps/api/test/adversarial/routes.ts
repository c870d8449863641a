import fc from 'fast-check';
import { EVENT_STATUSES, EVENT_TYPES, CURRENCY_CODES, TEMPLATES } from '@docket/schemas/constants';
import { sampleClient, sampleCompany } from '../test-app.ts';
import { PAYMENT_METHODS } from '@docket/schemas/payment';
import { Entries, Raw, invalid, noiseEntries } from './hostile.ts';
import type { Method } from './support.ts';
import type { Route } from '../../src/http/route.ts';
import { REGISTRY } from '../route-registry.ts';

/** Ids of records the fuzzing user owns; a route whose module has not landed leaves its id unset. */
export interface OwnIds {
  clientId: string;
  itemId: string;
  quoteId?: string;
  recurringId?: string;
  invoiceId?: string;
  eventId?: string;
  /** an issued invoice (credit notes and void need one) and a credit note against it */
  sentInvoiceId?: string;
  creditNoteId?: string;
  expenseId?: string;
  bankAccountId?: string;
  bankLineId?: string;
  bankRuleId?: string;
}

export interface BodySpec {
  valid: (ids: OwnIds) => Record<string, unknown>;
  /** per field: values that must be refused there */
  fields: Record<string, fc.Arbitrary<unknown>>;
  /** fields whose absence must be refused */
  required: string[];
}

export interface RouteSpec {
  method: Method;
  /** set from method and path below: what counterexamples print */
  label?: string;
  path: string;
  body?: BodySpec;
  /** GET list routes that validate limit/cursor/q/clientId/status */
  listQuery?: boolean;
  /** which own id fills each :param for body fuzzing */
  own?: Record<string, keyof OwnIds>;
  /** routes whose success writes without a body (resets): never fuzzed with valid parts */
  writesWithoutBody?: boolean;
}

export const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A member's name: text of at most 100 characters without control characters (empty clears it). */
const invalidMemberName = fc.constantFrom<unknown>(null, 1, true, [], {}, 'x'.repeat(101), 'Sam\u0000', 'Sam\nFuzz');

const invalidLine = fc.oneof(
  fc.constantFrom<unknown>(null, 'line', 1, [], {}),
  fc.tuple(fc.constantFrom('description', 'quantity', 'unitPrice'), fc.boolean()).chain(([field, drop]) =>
    (field === 'description' ? invalid.requiredText : field === 'quantity' ? invalid.quantity : invalid.money).map((v) => {
      const line: Record<string, unknown> = { description: 'Labour', quantity: 1, unitPrice: 10 };
      if (drop) delete line[field];
      else line[field] = v;
      return line;
    }),
  ),
);

const invalidLines = fc.oneof(
  fc.constantFrom<unknown>(null, [], 'lines', 1, {}, { 0: { description: 'x', quantity: 1, unitPrice: 1 } }),
  fc.constant(new Raw(JSON.stringify(Array.from({ length: 501 }, () => ({ description: 'x', quantity: 1, unitPrice: 1 }))))),
  fc.tuple(invalidLine, fc.nat({ max: 3 })).map(([bad, at]) => {
    const lines: unknown[] = [
      { description: 'Labour', quantity: 2, unitPrice: 45 },
      { description: 'Parts', quantity: 1, unitPrice: 12.5 },
    ];
    lines.splice(Math.min(at, lines.length), 0, bad);
    return lines;
  }),
);

const invalidBank = fc.oneof(
  fc.constantFrom<unknown>('bank', 5, [], true),
  fc
    .tuple(fc.constantFrom('bankName', 'accountName', 'accountNumber', 'sortCode', 'iban', 'swift'), invalid.optionalText)
    .map(([field, v]) => ({ ...(sampleCompany().bankDetails as object), [field]: v })),
);

const logoOf = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const png = Buffer.from(PNG_1x1, 'base64');
const invalidLogo = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    '',
    1,
    [],
    {},
    'not a data url',
    logoOf('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    logoOf('image/png', Buffer.from('<html><body><script>alert(1)</script></body></html>')),
    logoOf('image/png', png.subarray(0, png.length - 14)),
    logoOf('image/gif', Buffer.from('GIF89a')),
    `data:image/png;base64,${PNG_1x1}#`,
    `data:text/html;base64,${PNG_1x1}`,
    'javascript:alert(1)',
  ),
  fc.uint8Array({ minLength: 0, maxLength: 64 }).map((b) => logoOf('image/png', Buffer.from(b))),
);

const clientBody: BodySpec = {
  valid: () => sampleClient(),
  fields: {
    name: invalid.requiredText,
    email: invalid.optionalEmail,
    phone: invalid.optionalText,
    address: invalid.optionalText,
    isBusiness: invalid.bool,
    vatNumber: invalid.optionalText,
  },
  required: ['name'],
};
const itemBody: BodySpec = {
  valid: () => ({ name: 'Copper pipe', description: '15 mm, per metre', price: 4.2 }),
  fields: { name: invalid.requiredText, description: invalid.requiredText, price: invalid.money },
  required: ['name', 'description', 'price'],
};
const expenseBody: BodySpec = {
  valid: () => ({
    date: '2031-01-15',
    supplier: 'Screwfix',
    description: '15 mm copper',
    category: 'COST_OF_GOODS',
    net: 100,
    vat: 'STANDARD',
    paidFrom: 'CARD',
  }),
  fields: {
    date: invalid.date,
    supplier: invalid.requiredText,
    description: invalid.optionalText,
    category: fc.constantFrom<unknown>('BEER', '', 1, null, 'cost_of_goods'),
    net: invalid.money,
    vat: fc.constantFrom<unknown>('HALF', '', 20, null),
    vatAmount: fc.constantFrom<unknown>(-1, 0.001, '10', 1e20, true, [], new Raw('NaN')),
    paidFrom: fc.constantFrom<unknown>('WALLET', 1, ''),
    clientId: invalid.optionalUuid,
  },
  required: ['date', 'supplier', 'category', 'net', 'vat'],
};
const bankAccountBody: BodySpec = {
  valid: () => ({ name: 'Business current', sortCode: '30-12-34', accountNumber: '12345678' }),
  fields: {
    name: invalid.requiredText,
    sortCode: fc.constantFrom<unknown>('12-34', 'abcdef', 1, '12-34-567'),
    accountNumber: fc.constantFrom<unknown>('1234', 'abcdefgh', 12345678),
    csvMapping: fc.constantFrom<unknown>(
      'x',
      1,
      [],
      { date: 'Date' },
      { date: 'Date', description: 'Memo' },
      { date: 'Date', description: 'M', amount: 'A', paidIn: 'I', paidOut: 'O' },
    ),
  },
  required: ['name'],
};
const csvMappingBody: BodySpec = {
  valid: () => ({ csvMapping: { date: 'Posted', description: 'Details', paidIn: 'In', paidOut: 'Out', dateFormat: 'DD-MM-YYYY' } }),
  fields: {
    csvMapping: fc.constantFrom<unknown>('x', 1, [], { date: 'Date' }, { date: 'Date', description: 'M', amount: 'A', paidIn: 'I', paidOut: 'O' }),
  },
  required: ['csvMapping'],
};
const bankRuleBody: BodySpec = {
  valid: () => ({ match: 'SCREWFIX', supplier: 'Screwfix', category: 'COST_OF_GOODS', vat: 'STANDARD' }),
  fields: {
    match: invalid.requiredText,
    amount: fc.constantFrom<unknown>(0, -1, 0.001, '10', 1e20, true, [], new Raw('NaN')),
    supplier: invalid.requiredText,
    category: fc.constantFrom<unknown>('BEER', '', 1, null, 'cost_of_goods'),
    vat: fc.constantFrom<unknown>('HALF', '', 20, null),
  },
  required: ['match', 'supplier', 'category', 'vat'],
};
const companyBody: BodySpec = {
  valid: () => sampleCompany(),
  fields: {
    name: invalid.requiredText,
    email: invalid.email,
    phone: invalid.optionalText,
    address: invalid.optionalText,
    website: invalid.website,
    vatNumber: invalid.optionalText,
    terms: invalid.optionalText,
    currency: invalid.enumOf(CURRENCY_CODES),
    template: invalid.enumOf(TEMPLATES),
    quoteNumberPrefix: invalid.prefix,
    invoiceNumberPrefix: invalid.prefix,
    creditNotePrefix: invalid.prefix,
    defaultTaxRate: invalid.percent,
    latePaymentNotice: invalid.bool,
    baseRatePercent: fc.oneof(invalid.percent, fc.constantFrom<unknown>(25.01, 30)),
    bankDetails: invalidBank,
  },
  required: ['name', 'email'],
};
const quoteBody: BodySpec = {
  valid: (ids) => ({ clientId: ids.clientId, lineItems: [{ description: 'Labour', quantity: 2, unitPrice: 45 }], tax: 20 }),
  fields: { clientId: fc.oneof(invalid.uuid, invalid.foreignUuid), lineItems: invalidLines, tax: invalid.percent, siteAddress: invalid.optionalText },
  required: ['clientId', 'lineItems'],
};
/** POST /quotes/{id}/invoices: a deposit by percent; amount is refused beside a percent as well. */
const stageInvoiceBody: BodySpec = {
  valid: () => ({ type: 'DEPOSIT', percent: 30, description: 'Deposit', dueDate: '2030-02-28' }),
  fields: {
    type: invalid.enumOf(['DEPOSIT', 'STAGE', 'FINAL']),
    percent: fc.oneof(invalid.percent, fc.constantFrom<unknown>(0, -5)),
    amount: fc.constantFrom<unknown>(0, -1, 1.001, '1', null, true, [], {}, 100),
    description: fc.constantFrom<unknown>(1, true, [], {}, 'x'.repeat(501)),
    dueDate: invalid.date,
  },
  required: ['type'],
};
const recurringBody: BodySpec = {
  valid: (ids) => ({ ...quoteBody.valid(ids), frequency: 'MONTHLY', startDate: '2030-01-31', dueDays: 14, autoSend: false }),
  fields: {
    ...quoteBody.fields,
    frequency: invalid.enumOf(['WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY']),
    startDate: invalid.date,
    endDate: fc.oneof(
      invalid.date.filter((v) => v !== null && v !== undefined),
      fc.constant<unknown>('2029-01-01'),
    ),
    count: fc.constantFrom<unknown>(0, -1, 1.5, 1001, '2', true, [], {}),
    dueDays: fc.constantFrom<unknown>(-1, 1.5, 366, '14', true, [], {}),
    autoSend: invalid.bool,
  },
  required: ['clientId', 'lineItems', 'frequency', 'startDate', 'autoSend'],
};
const invoiceBody: BodySpec = {
  valid: (ids) => ({ ...quoteBody.valid(ids), dueDate: '2030-01-31' }),
  fields: { ...quoteBody.fields, dueDate: invalid.date },
  required: ['clientId', 'lineItems'],
};
/** A credited line may be a fraction of one (0.5 is valid here), but never 0, negative or too precise. */
const invalidCreditQuantity = fc.constantFrom<unknown>(0, -1, 1e7, 1.0001, '1', null, true, [], {}, new Raw('-0'), new Raw('1e400'), new Raw('NaN'));
const invalidCreditLines = fc.oneof(
  fc.constantFrom<unknown>(null, [], 'lines', 1, {}),
  fc.constant(new Raw(JSON.stringify(Array.from({ length: 501 }, () => ({ description: 'x', quantity: 1, unitPrice: 1 }))))),
  fc.tuple(fc.constantFrom('description', 'quantity', 'unitPrice'), fc.boolean()).chain(([field, drop]) =>
    (field === 'description' ? invalid.requiredText : field === 'quantity' ? invalidCreditQuantity : invalid.money).map((v) => {
      const line: Record<string, unknown> = { description: 'Labour', quantity: 1, unitPrice: 1 };
      if (drop) delete line[field];
      else line[field] = v;
      return [line];
    }),
  ),
);
const voidBody: BodySpec = {
  valid: () => ({ reason: 'Raised in error' }),
  fields: { reason: invalid.requiredText },
  required: ['reason'],
};
const creditNoteBody: BodySpec = {
  valid: () => ({ reason: 'Goodwill', lineItems: [{ description: 'Labour', quantity: 0.5, unitPrice: 1 }] }),
  fields: { reason: invalid.requiredText, lineItems: invalidCreditLines },
  required: ['reason'],
};
const paymentBody: BodySpec = {
  valid: () => ({ amount: 0.01, method: 'CARD', reference: 'Fuzz' }),
  fields: { amount: invalid.money, date: invalid.date, method: invalid.enumOf(PAYMENT_METHODS), reference: invalid.optionalText },
  required: ['amount'],
};
const eventBody: BodySpec = {
  valid: (ids) => ({
    title: 'Site visit',
    description: 'Measure up',
    startDate: '2030-01-01T09:00:00Z',
    endDate: '2030-01-01T10:00:00Z',
    allDay: false,
    color: '#3b82f6',
    location: 'Leeds',
    notes: 'Bring ladder',
    type: 'APPOINTMENT',
    status: 'SCHEDULED',
    clientId: ids.clientId,
  }),
  fields: {
    title: invalid.requiredText,
    description: invalid.optionalText,
    startDate: invalid.dateTime,
    endDate: invalid.dateTime,
    allDay: invalid.bool,
    color: invalid.color,
    location: invalid.optionalText,
    notes: invalid.optionalText,
    status: invalid.enumOf(EVENT_STATUSES),
    type: invalid.enumOf(EVENT_TYPES),
    clientId: fc.oneof(invalid.optionalUuid, invalid.foreignUuid),
    quoteId: fc.oneof(invalid.optionalUuid, invalid.foreignUuid),
    invoiceId: fc.oneof(invalid.optionalUuid, invalid.foreignUuid),
  },
  required: ['title', 'startDate', 'endDate'],
};

/** Header injection (CR/LF, encoded or raw) and malformed addresses: each must be refused. */
const headerInjection = fc.oneof(
  fc.constantFrom<unknown>('Hello\r\nBcc: victim@example.com', 'Hello\nX-Injected: yes', 'Hello\rSubject: other', `${'x'.repeat(999)}`, 1, [], {}),
  fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\r', '\n', '\r\n'), fc.string({ maxLength: 20 })).map(([a, nl, b]) => `${a}${nl}${b}`),
);
const badAddresses = fc.oneof(
  // An empty list (or none) means the client's own address: valid, so not here.
  invalid.email.filter((v) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)),
  fc.constantFrom<unknown>(
    'a@b.example\r\nBcc: victim@example.com',
    'a@b.example\nCc: x@y.example',
    ['ok@example.com', 'bad@'],
    ['ok@example.com', 'x@y.example\r\nBcc: z@z.example'],
    Array.from({ length: 11 }, (_, i) => `p${i}@example.com`),
    'a@b.example, not-an-email',
    [1],
    {},
  ),
);
const emailBody: BodySpec = {
  valid: () => ({ to: 'accounts@acme.example', subject: 'Your invoice', message: 'Please find it attached.' }),
  fields: {
    to: badAddresses,
    cc: badAddresses,
    subject: headerInjection,
    message: fc.constantFrom<unknown>(1, [], {}, 'Hi {{unknownThing}}', 'x'.repeat(20_001)),
  },
  required: [],
};
const templatesBody: BodySpec = {
  valid: () => ({ invoice: { subject: 'Invoice {{documentNumber}}', body: 'Dear {{clientName}}' } }),
  fields: {
    invoice: fc.constantFrom<unknown>(
      null,
      'x',
      { subject: 'Invoice {{nope}}', body: 'x' },
      { subject: 'Invoice', body: 'Dear {{client_name}}' },
      { subject: 'a\r\nBcc: x@y.z', body: 'x' },
      { subject: '', body: 'x' },
      { subject: 'x' },
    ),
    quote: fc.constantFrom<unknown>(1, { subject: 'x', body: '{{total}} {{evil}}' }),
  },
  required: [],
};

/**
 * The fuzz specs, one or more per registered route (a registered `:param` may be named by a
 * concrete value here: /exports/:file by /exports/invoices.csv). Which routes exist, and their
 * order, come from the route registry (ROUTES below); test/route-registry.test.ts fails when a
 * registered route has no spec (or is not in UNFUZZED) or a spec names no registered route.
 */
export const SPECS: RouteSpec[] = [
  {
    method: 'post',
    path: '/auth/register',
    body: {
      valid: () => ({ email: `fuzz-${Math.random().toString(36).slice(2)}@example.com`, password: 'correct-horse' }),
      fields: { email: invalid.email, password: invalid.newPassword, name: invalidMemberName },
      required: ['email', 'password'],
    },
  },
  {
    method: 'post',
    path: '/auth/login',
    body: {
      valid: () => ({ email: 'nobody@example.com', password: 'x' }),
      fields: { email: invalid.email, password: invalid.loginPassword },
      required: ['email', 'password'],
    },
  },
  { method: 'get', path: '/auth/me' },
  { method: 'patch', path: '/auth/me', body: { valid: () => ({ name: 'Sam Fuzz' }), fields: { name: invalidMemberName }, required: ['name'] } },
  { method: 'get', path: '/clients', listQuery: true },
  { method: 'get', path: '/clients/:id' },
  { method: 'post', path: '/clients', body: clientBody },
  { method: 'put', path: '/clients/:id', body: clientBody, own: { id: 'clientId' } },
  { method: 'delete', path: '/clients/:id' },
  { method: 'get', path: '/items', listQuery: true },
  { method: 'get', path: '/items/:id' },
  { method: 'post', path: '/items', body: itemBody },
  { method: 'put', path: '/items/:id', body: itemBody, own: { id: 'itemId' } },
  { method: 'delete', path: '/items/:id' },
  { method: 'get', path: '/expenses', listQuery: true },
  { method: 'get', path: '/expenses/:id' },
  { method: 'post', path: '/expenses', body: expenseBody },
  { method: 'put', path: '/expenses/:id', body: expenseBody, own: { id: 'expenseId' } },
  { method: 'get', path: '/expenses/:id/receipt' },
  { method: 'put', path: '/expenses/:id/receipt' },
  { method: 'delete', path: '/expenses/:id/receipt' },
  { method: 'delete', path: '/expenses/:id' },
  { method: 'get', path: '/bank-accounts' },
  { method: 'get', path: '/bank-accounts/:id' },
  { method: 'post', path: '/bank-accounts', body: bankAccountBody },
  { method: 'put', path: '/bank-accounts/:id/csv-mapping', body: csvMappingBody, own: { id: 'bankAccountId' } },
  { method: 'get', path: '/bank-accounts/:id/lines' },
  { method: 'post', path: '/bank-accounts/:id/statements' },
  {
    method: 'post',
    path: '/bank-lines/:id/explain',
    own: { id: 'bankLineId' },
    body: {
      valid: () => ({ type: 'OTHER_INCOME', note: 'Interest' }),
      fields: { type: fc.constantFrom<unknown>('GIFT', '', 1, null, 'other_income'), note: invalid.optionalText },
      required: ['type'],
    },
  },
  { method: 'delete', path: '/bank-lines/:id/explain' },
  { method: 'get', path: '/bank-rules' },
  { method: 'post', path: '/bank-rules', body: bankRuleBody },
  { method: 'delete', path: '/bank-rules/:id' },
  { method: 'get', path: '/company' },
  { method: 'post', path: '/company', body: companyBody },
  { method: 'put', path: '/company', body: companyBody },
  {
    method: 'post',
    path: '/company/logo',
    body: { valid: () => ({ logo: `data:image/png;base64,${PNG_1x1}` }), fields: { logo: invalidLogo }, required: ['logo'] },
  },
  { method: 'post', path: '/company/reset-quote-counter', writesWithoutBody: true },
  { method: 'post', path: '/company/reset-invoice-counter', writesWithoutBody: true },
  { method: 'post', path: '/company/reset-credit-note-counter', writesWithoutBody: true },
  { method: 'delete', path: '/company/logo', writesWithoutBody: true },
  { method: 'get', path: '/quotes', listQuery: true },
  { method: 'get', path: '/quotes/:id' },
  { method: 'post', path: '/quotes', body: quoteBody },
  { method: 'put', path: '/quotes/:id', body: quoteBody, own: { id: 'quoteId' } },
  { method: 'delete', path: '/quotes/:id' },
  { method: 'patch', path: '/quotes/:id/send' },
  { method: 'patch', path: '/quotes/:id/revert' },
  { method: 'patch', path: '/quotes/:id/approve' },
  { method: 'patch', path: '/quotes/:id/decline' },
  { method: 'get', path: '/quotes/:id/preview' },
  { method: 'get', path: '/quotes/:id/history' },
  { method: 'post', path: '/quotes/:id/invoices', body: stageInvoiceBody, own: { id: 'quoteId' } },
  { method: 'post', path: '/quotes/:id/duplicate', writesWithoutBody: true },
  { method: 'post', path: '/invoices/:id/duplicate', writesWithoutBody: true },
  { method: 'get', path: '/invoices', listQuery: true },
  { method: 'get', path: '/invoices/:id' },
  { method: 'post', path: '/invoices', body: invoiceBody },
  { method: 'put', path: '/invoices/:id', body: invoiceBody, own: { id: 'invoiceId' } },
  { method: 'delete', path: '/invoices/:id' },
  { method: 'patch', path: '/invoices/:id/send' },
  { method: 'patch', path: '/invoices/:id/pay' },
  { method: 'patch', path: '/invoices/:id/revert' },
  {
    method: 'post',
    path: '/invoices/from-quote/:quoteId',
    body: { valid: () => ({ dueDate: '2030-02-28' }), fields: { dueDate: invalid.date }, required: [] },
    own: { quoteId: 'quoteId' },
  },
  { method: 'get', path: '/invoices/:id/preview' },
  {
    method: 'patch',
    path: '/invoices/:id/due-date',
    body: { valid: () => ({ dueDate: '2031-02-01' }), fields: { dueDate: invalid.date }, required: ['dueDate'] },
    own: { id: 'invoiceId' },
  },
  { method: 'get', path: '/invoices/:id/ubl', own: { id: 'sentInvoiceId' } },
  { method: 'get', path: '/invoices/:id/history' },
  { method: 'patch', path: '/invoices/:id/void', body: voidBody, own: { id: 'sentInvoiceId' } },
  { method: 'post', path: '/invoices/:id/credit-notes', body: creditNoteBody, own: { id: 'sentInvoiceId' } },
  { method: 'post', path: '/invoices/:id/payments', body: paymentBody, own: { id: 'sentInvoiceId' } },
  { method: 'delete', path: '/invoices/:id/payments/:paymentId' },
  // Refunds of online payments (owner and office); the refund itself against both providers' fakes is in online-payments.http.test.ts.
  { method: 'get', path: '/invoices/:id/online-payments' },
  {
    method: 'post',
    path: '/invoices/:id/payments/:paymentId/refund',
    body: { valid: () => ({ amount: 1 }), fields: { amount: invalid.money }, required: ['amount'] },
    own: { id: 'sentInvoiceId' },
  },
  { method: 'get', path: '/payments', listQuery: true },
  { method: 'get', path: '/recurring-invoices' },
  { method: 'get', path: '/recurring-invoices/:id' },
  { method: 'post', path: '/recurring-invoices', body: recurringBody },
  { method: 'put', path: '/recurring-invoices/:id', body: recurringBody, own: { id: 'recurringId' } },
  { method: 'delete', path: '/recurring-invoices/:id' },
  { method: 'patch', path: '/recurring-invoices/:id/pause' },
  { method: 'patch', path: '/recurring-invoices/:id/resume' },
  { method: 'get', path: '/reports/aged-debtors' },
  // CSV downloads: one account's files only; the list test checks none of another account's ids appear.
  ...['invoices', 'invoice-lines', 'credit-notes', 'payments', 'quotes', 'clients', 'items', 'expenses', 'bank-lines'].map((f): RouteSpec => ({
    method: 'get',
    path: `/exports/${f}.csv`,
  })),
  { method: 'get', path: '/exports/account.zip' },
  { method: 'get', path: '/exports' },
  // CSV bodies, not JSON: a JSON body is refused (400) and writes nothing; imports.http.test.ts covers the CSV.
  { method: 'post', path: '/imports/clients' },
  { method: 'post', path: '/imports/items' },
  { method: 'post', path: '/imports/clients/rejected.csv' },
  { method: 'post', path: '/imports/items/rejected.csv' },
  { method: 'post', path: '/imports/expenses' },
  { method: 'post', path: '/imports/expenses/rejected.csv' },
  { method: 'get', path: '/reports/vat' },
  { method: 'get', path: '/reports/vat.csv' },
  { method: 'get', path: '/reports/profit-and-loss' },
  { method: 'get', path: '/reports/cis' },
  // Making Tax Digital (owners and accountants only); without HMRC configured they answer 409.
  { method: 'get', path: '/mtd/vat/status' },
  { method: 'get', path: '/mtd/vat/connect' },
  { method: 'delete', path: '/mtd/vat/connection' },
  { method: 'get', path: '/mtd/vat/obligations' },
  { method: 'get', path: '/mtd/vat/returns' },
  { method: 'get', path: '/mtd/vat/returns/:periodKey/preview' },
  { method: 'get', path: '/mtd/vat/returns/:periodKey/hmrc' },
  { method: 'get', path: '/mtd/vat/liabilities' },
  { method: 'get', path: '/mtd/vat/payments' },
  {
    method: 'post',
    path: '/mtd/vat/returns',
    body: {
      valid: () => ({ periodKey: '26A3', declaration: true }),
      fields: {
        periodKey: fc.constantFrom<unknown>(null, '', 'A1', 'ABCDE', 26, '26 3', '<>!!', []),
        declaration: fc.constantFrom<unknown>(false, 'true', 1, null, 'yes', {}),
      },
      required: ['periodKey', 'declaration'],
    },
  },
  { method: 'get', path: '/clients/:id/account' },
  { method: 'get', path: '/clients/:id/statement' },
  // The client's statement link (pay everything owed); paying from it is in statement-pay.http.test.ts.
  { method: 'post', path: '/clients/:id/statement-link', writesWithoutBody: true },
  { method: 'delete', path: '/clients/:id/statement-link', writesWithoutBody: true },
  { method: 'get', path: '/credit-notes', listQuery: true },
  { method: 'get', path: '/credit-notes/:id' },
  { method: 'get', path: '/credit-notes/:id/preview' },
  { method: 'get', path: '/credit-notes/:id/ubl' },
  { method: 'get', path: '/credit-notes/:id/history' },
  { method: 'get', path: '/calendar', listQuery: true },
  { method: 'get', path: '/calendar/:id' },
  { method: 'post', path: '/calendar', body: eventBody },
  { method: 'put', path: '/calendar/:id', body: eventBody, own: { id: 'eventId' } },
  { method: 'delete', path: '/calendar/:id' },
  { method: 'get', path: '/calendar/range/:start/:end' },
  {
    method: 'post',
    path: '/calendar/from-quote/:quoteId',
    body: {
      valid: () => ({ startDate: '2030-03-01T09:00:00Z', endDate: '2030-03-01T10:00:00Z' }),
      fields: { startDate: invalid.dateTime, endDate: invalid.dateTime },
      required: [],
    },
    own: { quoteId: 'quoteId' },
  },
  ...[
    'info',
    'usage',
    'can-create-invoice',
    'can-create-quote',
    'can-create-client',
    'can-use-calendar',
    'can-use-branding',
    'available-templates',
    'plan-limits',
    'plans',
  ].map((p): RouteSpec => ({ method: 'get', path: `/subscription/${p}` })),
  { method: 'get', path: '/dashboard' },
  { method: 'post', path: '/invoices/:id/email', body: emailBody, own: { id: 'invoiceId' } },
  { method: 'post', path: '/quotes/:id/email', body: emailBody, own: { id: 'quoteId' } },
  { method: 'post', path: '/credit-notes/:id/email', body: emailBody, own: { id: 'creditNoteId' } },
  { method: 'get', path: '/deliveries' },
  { method: 'get', path: '/email/outbox' },
  { method: 'get', path: '/email/deliveries/:id/eml' },
  {
    method: 'post',
    path: '/email/outbox/send',
    writesWithoutBody: true,
    body: { valid: () => ({}), fields: { id: invalid.optionalUuid }, required: [] },
  },
  { method: 'get', path: '/company/email-templates' },
  { method: 'put', path: '/company/email-templates', body: templatesBody },
  {
    method: 'post',
    path: '/company/email-templates/preview',
    body: {
      valid: () => ({ kind: 'invoice' }),
      fields: { kind: invalid.enumOf(['quote', 'invoice', 'reminder', 'password_reset']), body: fc.constantFrom<unknown>(1, 'x {{bad}}') },
      required: ['kind'],
    },
  },
  { method: 'get', path: '/company/reminders' },
  {
    method: 'put',
    path: '/company/reminders',
    body: {
      valid: () => ({ enabled: true, steps: [-3, 0, 7] }),
      fields: {
        enabled: invalid.bool,
        steps: fc.constantFrom<unknown>(
          null,
          'x',
          [1.5],
          ['1'],
          [-61],
          [366],
          Array.from({ length: 11 }, (_, i) => i),
        ),
      },
      required: ['enabled', 'steps'],
    },
  },
  { method: 'get', path: '/clients/:id/reminders' },
  {
    method: 'put',
    path: '/clients/:id/reminders',
    body: { valid: () => ({ optOut: true }), fields: { optOut: invalid.bool }, required: ['optOut'] },
    own: { id: 'clientId' },
  },
  { method: 'get', path: '/invoices/:id/reminders' },
  {
    method: 'put',
    path: '/invoices/:id/reminders',
    body: { valid: () => ({ paused: true }), fields: { paused: invalid.bool }, required: ['paused'] },
    own: { id: 'invoiceId' },
  },
  { method: 'post', path: '/invoices/:id/reminders/send', writesWithoutBody: true, body: { valid: () => ({}), fields: {}, required: [] } },
  {
    method: 'post',
    path: '/auth/forgot-password',
    body: { valid: () => ({ email: 'nobody@example.com' }), fields: { email: invalid.email }, required: ['email'] },
  },
  {
    method: 'post',
    path: '/auth/reset-password',
    body: {
      valid: () => ({ token: 'x'.repeat(43), password: 'correct-horse' }),
      fields: { token: fc.constantFrom<unknown>(null, 1, 'short', 'x'.repeat(201)), password: invalid.newPassword },
      required: ['token', 'password'],
    },
  },
  {
    method: 'post',
    path: '/auth/verify-email',
    body: { valid: () => ({ token: 'x'.repeat(43) }), fields: { token: fc.constantFrom<unknown>(null, 1, '', 'x'.repeat(2001), {}) }, required: ['token'] },
  },
  // The test user is verified: asking for another link is refused (409) and writes nothing.
  { method: 'post', path: '/auth/resend-verification', body: { valid: () => ({}), fields: {}, required: [] } },
  // Client links: sharing issues a draft, so it is never fuzzed with valid parts.
  { method: 'post', path: '/quotes/:id/share', writesWithoutBody: true },
  { method: 'delete', path: '/quotes/:id/share', writesWithoutBody: true },
  { method: 'post', path: '/invoices/:id/share', writesWithoutBody: true },
  { method: 'delete', path: '/invoices/:id/share', writesWithoutBody: true },
  { method: 'post', path: '/credit-notes/:id/share', writesWithoutBody: true },
  { method: 'delete', path: '/credit-notes/:id/share', writesWithoutBody: true },
  { method: 'get', path: '/quotes/:id/acceptance' },
  { method: 'get', path: '/notifications' },
  {
    method: 'post',
    path: '/notifications/read',
    body: { valid: () => ({ ids: [] }), fields: { ids: fc.constantFrom<unknown>('all', 1, null, {}, ['not-an-id'], [1]) }, required: [] },
  },
  // Accounts and the team (docs/product.md, "Accounts and roles").
  { method: 'get', path: '/accounts' },
  {
    method: 'post',
    path: '/auth/switch',
    body: { valid: () => ({ accountId: '00000000-0000-4000-8000-000000000000' }), fields: { accountId: invalid.optionalUuid }, required: ['accountId'] },
  },
  { method: 'get', path: '/account' },
  {
    method: 'patch',
    path: '/account',
    body: {
      valid: () => ({ engineersSeePrices: false }),
      fields: { engineersSeePrices: invalid.bool, name: fc.constantFrom<unknown>(null, '', '   ', 1, [], 'x'.repeat(201)) },
      required: [],
    },
  },
  // deleting the business: the "valid" body names another business, so no run of the suites deletes the one it works in
  {
    method: 'delete',
    path: '/account',
    body: {
      valid: () => ({ confirm: 'Not this business' }),
      fields: { confirm: fc.constantFrom<unknown>(null, 1, true, [], {}, 'x'.repeat(201)) },
      required: ['confirm'],
    },
  },
  { method: 'get', path: '/account/members' },
  {
    method: 'patch',
    path: '/account/members/:userId',
    body: { valid: () => ({ role: 'OFFICE' }), fields: { role: invalid.enumOf(['OWNER', 'OFFICE', 'ENGINEER', 'ACCOUNTANT']) }, required: ['role'] },
  },
  { method: 'delete', path: '/account/members/:userId' },
  { method: 'get', path: '/account/invitations' },
  {
    method: 'post',
    path: '/account/invitations',
    body: {
      valid: () => ({ email: 'invitee@example.co.uk', role: 'OFFICE' }),
      fields: { email: invalid.email, role: invalid.enumOf(['OWNER', 'OFFICE', 'ENGINEER', 'ACCOUNTANT']) },
      required: ['email', 'role'],
    },
  },
  { method: 'post', path: '/account/invitations/:id/resend', body: { valid: () => ({}), fields: {}, required: [] } },
  { method: 'delete', path: '/account/invitations/:id' },
  { method: 'post', path: '/account/invitations/:token/accept', body: { valid: () => ({}), fields: { name: invalidMemberName }, required: [] } },
  // Online payment settings (the provider in the path is a fixed word, not an id). Without SECRETS_KEY
  // in this app a valid body answers 409: only invalid ones are refused with 400 before that.
  { method: 'get', path: '/company/payments' },
  {
    method: 'put',
    path: '/company/payments/stripe',
    body: {
      valid: () => ({ secretKey: 'sk_test_adversarial_1', webhookSecret: 'whsec_adversarial_1', enabled: true }),
      fields: {
        secretKey: fc.constantFrom<unknown>(null, '', 'short', 1, [], {}, 'has a space in it', 'x'.repeat(501)),
        webhookSecret: fc.constantFrom<unknown>(null, '', 'short', 1, [], {}, 'x'.repeat(501)),
        enabled: invalid.bool,
      },
      required: ['secretKey', 'webhookSecret'],
    },
  },
  {
    method: 'put',
    path: '/company/payments/stripe/surcharge',
    body: {
      valid: () => ({ percent: 1.5 }),
      fields: { percent: fc.constantFrom<unknown>(null, '1', -1, 10.01, 1.555, true, [], {}, new Raw('NaN'), new Raw('1e400')) },
      required: ['percent'],
    },
  },
  { method: 'delete', path: '/company/payments/stripe', writesWithoutBody: true },
  { method: 'get', path: '/quotes/:id/deposit' },
  {
    method: 'put',
    path: '/quotes/:id/deposit',
    body: {
      valid: () => ({ percent: 25 }),
      fields: {
        percent: fc.constantFrom<unknown>(null, '25', 0, -1, 100.01, 1.555, true, [], {}, new Raw('NaN')),
        amount: fc.constantFrom<unknown>(null, '5', 0, -1, 0.001, true, [], {}, new Raw('1e400')),
      },
      required: [],
    },
    own: { id: 'quoteId' },
  },
  // The public routes (/public/...) take a link token, not a bearer token: their security tests
  // (uniform 404s, rate limit, bearer tokens granting nothing) are in the sharing module's tests;
  // Pay now and the provider webhooks (signatures, foreign accounts) in online-payments.http.test.ts.
];

/** The registered route a spec exercises: the first in mount order whose method and path it fits (what Express would run). */
export function registeredRouteOf(spec: RouteSpec): Route | undefined {
  const segments = spec.path.split('/');
  return REGISTRY.find((r) => {
    if (r.method !== spec.method) return false;
    const declared = r.path.split('/');
    // A registered :param takes any segment; a spec's :param must sit where the registry has one.
    return declared.length === segments.length && declared.every((d, i) => d.startsWith(':') || d === segments[i]);
  });
}

/**
 * Registered routes no spec fuzzes, and why: their hostile-input tests live beside their module
 * (link tokens, provider signatures, raw file bodies), not in the authenticated fuzzing suite.
 */
export const UNFUZZED: Record<string, string> = {
  'GET /health': 'open to all, no input',
  'GET /mtd/vat/callback': "HMRC's browser redirect: no session; its state checks are in mtd.http.test.ts",
  'POST /webhooks/:provider/:accountKey': 'raw signed bodies: online-payments.http.test.ts',
  'POST /public/invoices/:token/pay': 'link token, not a session: online-payments.http.test.ts',
  'GET /public/statements/:token': 'link token, not a session: online-payments.http.test.ts',
  'POST /public/statements/:token/pay': 'link token, not a session: online-payments.http.test.ts',
  'POST /public/quotes/:token/pay-deposit': 'link token, not a session: online-payments.http.test.ts',
  'GET /public/documents/:token': 'link token, not a session: sharing tests',
  'GET /public/documents/:token/pdf': 'link token, not a session: sharing tests',
  'POST /public/quotes/:token/accept': 'link token, not a session: sharing tests and strict-bodies.http.test.ts',
  'POST /public/quotes/:token/decline': 'link token, not a session: sharing tests and strict-bodies.http.test.ts',
};

/** Every spec, in the registry's mount order; a spec naming no registered route is left out here and fails route-registry.test.ts. */
export const ROUTES: RouteSpec[] = REGISTRY.flatMap((route) => SPECS.filter((spec) => registeredRouteOf(spec) === route));

for (const r of SPECS) r.label = `${r.method.toUpperCase()} ${r.path}`;
export const routeByLabel = (label: string) => ROUTES.find((r) => r.label === label)!;

/** A body with 1-3 refused values or missing required fields, plus ignorable noise keys. */
export function hostileBody(spec: BodySpec, ids: OwnIds): fc.Arbitrary<Entries> {
  const names = Object.keys(spec.fields);
  // A body of no fields can only be broken by a key it does not take (strict bodies: 400).
  if (names.length === 0) return fc.constant(new Entries([['zzNotAField', 1]]));
  const breaks: fc.Arbitrary<{ field: string; drop: boolean; value?: unknown }>[] = [
    fc.constantFrom(...names).chain((field) => spec.fields[field]!.map((value) => ({ field, drop: false, value }))),
  ];
  if (spec.required.length) breaks.push(fc.constantFrom(...spec.required).map((field) => ({ field, drop: true })));
  const noise = noiseEntries.map((entries) => entries.filter(([k]) => !(k in spec.fields)));
  return fc.tuple(fc.array(fc.oneof(...breaks), { minLength: 1, maxLength: 3 }), noise, fc.boolean()).map(([changes, extra, first]) => {
    const body: Record<string, unknown> = spec.valid(ids);
    for (const c of changes) {
      if (c.drop) delete body[c.field];
      else body[c.field] = c.value;
    }
    const entries = Object.entries(body);
    return new Entries(first ? [...extra, ...entries] : [...entries, ...extra]);
  });
}
