import type { TPermission } from '@docket/schemas/account';

export { may } from '@docket/schemas/account';
export type Permission = TPermission;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every authenticated route under /api and the permission it needs: the one place a route's
 * permission is stated. `:x` is one path segment. First match wins. A route not listed here needs
 * `team` (owners only), so a route added without a line is closed rather than open.
 */
export const ROUTE_PERMISSIONS: [Method, string, Permission][] = [
  ['GET', '/auth/me', 'self'],
  ['PATCH', '/auth/me', 'self'],
  ['POST', '/auth/resend-verification', 'self'],
  ['POST', '/auth/switch', 'self'],
  ['GET', '/accounts', 'self'],
  ['POST', '/account/invitations/:token/accept', 'self'],

  ['GET', '/account', 'field-read'],
  ['PATCH', '/account', 'write'],
  ['GET', '/account/members', 'read'],
  ['PATCH', '/account/members/:id', 'team'],
  ['DELETE', '/account/members/:id', 'team'],
  ['GET', '/account/invitations', 'team'],
  ['POST', '/account/invitations', 'team'],
  ['POST', '/account/invitations/:id/resend', 'team'],
  ['DELETE', '/account/invitations/:id', 'team'],

  ['GET', '/clients', 'field-read'],
  ['POST', '/clients', 'field-write'],
  ['GET', '/clients/:id/account', 'read'],
  ['GET', '/clients/:id/statement', 'read'],
  ['POST', '/clients/:id/statement-link', 'write'],
  ['DELETE', '/clients/:id/statement-link', 'write'],
  ['GET', '/clients/:id/reminders', 'read'],
  ['PUT', '/clients/:id/reminders', 'write'],
  ['GET', '/clients/:id', 'field-read'],
  ['PUT', '/clients/:id', 'write'],
  ['DELETE', '/clients/:id', 'write'],

  ['GET', '/items', 'field-read'],
  ['GET', '/items/:id', 'field-read'],
  ['POST', '/items', 'write'],
  ['PUT', '/items/:id', 'write'],
  ['DELETE', '/items/:id', 'write'],

  ['GET', '/company', 'field-read'],
  ['GET', '/company/email-templates', 'read'],
  ['GET', '/company/reminders', 'read'],
  ['POST', '/company/email-templates/preview', 'read'],
  ['POST', '/company', 'write'],
  ['PUT', '/company', 'write'],
  ['POST', '/company/logo', 'write'],
  ['DELETE', '/company/logo', 'write'],
  ['POST', '/company/reset-quote-counter', 'write'],
  ['POST', '/company/reset-invoice-counter', 'write'],
  ['POST', '/company/reset-credit-note-counter', 'write'],
  ['PUT', '/company/email-templates', 'write'],
  ['PUT', '/company/reminders', 'write'],
  ['GET', '/company/payments', 'read'],
  ['PUT', '/company/payments/:provider', 'write'],
  ['PUT', '/company/payments/:provider/surcharge', 'write'],
  ['DELETE', '/company/payments/:provider', 'write'],

  ['GET', '/quotes', 'field-read'],
  ['POST', '/quotes', 'field-write'],
  ['GET', '/quotes/:id', 'field-read'],
  ['PUT', '/quotes/:id', 'field-write'],
  ['GET', '/quotes/:id/history', 'read'],
  ['GET', '/quotes/:id/preview', 'read'],
  ['GET', '/quotes/:id/acceptance', 'read'],
  ['GET', '/quotes/:id/deposit', 'read'],
  ['PUT', '/quotes/:id/deposit', 'write'],
  ['DELETE', '/quotes/:id', 'write'],
  ['PATCH', '/quotes/:id/:action', 'write'],
  ['POST', '/quotes/:id/:action', 'write'],
  ['DELETE', '/quotes/:id/share', 'write'],

  ['GET', '/invoices', 'read'],
  ['GET', '/invoices/:id', 'read'],
  ['GET', '/invoices/:id/online-payments', 'read'],
  ['GET', '/invoices/:id/:what', 'read'],
  ['POST', '/invoices', 'write'],
  ['POST', '/invoices/from-quote/:id', 'write'],
  ['PUT', '/invoices/:id', 'write'],
  ['DELETE', '/invoices/:id', 'write'],
  ['PATCH', '/invoices/:id/:action', 'write'],
  ['POST', '/invoices/:id/:action', 'write'],
  ['PUT', '/invoices/:id/reminders', 'write'],
  ['POST', '/invoices/:id/reminders/send', 'write'],
  ['DELETE', '/invoices/:id/share', 'write'],
  ['DELETE', '/invoices/:id/payments/:id', 'write'],
  // Refunding an online payment through its provider: owner and office.
  ['POST', '/invoices/:id/payments/:id/refund', 'write'],

  ['GET', '/payments', 'read'],
  ['GET', '/credit-notes', 'read'],
  ['GET', '/credit-notes/:id', 'read'],
  ['GET', '/credit-notes/:id/:what', 'read'],
  ['POST', '/credit-notes/:id/:action', 'write'],
  ['DELETE', '/credit-notes/:id/share', 'write'],
  ['GET', '/recurring-invoices', 'read'],
  ['GET', '/recurring-invoices/:id', 'read'],
  ['POST', '/recurring-invoices', 'write'],
  ['PUT', '/recurring-invoices/:id', 'write'],
  ['DELETE', '/recurring-invoices/:id', 'write'],
  ['PATCH', '/recurring-invoices/:id/:action', 'write'],

  // Reports (profit-and-loss, cis, vat, aged-debtors) are money: accountants read them, engineers none.
  ['GET', '/reports/profit-and-loss', 'read'],
  ['GET', '/reports/cis', 'read'],
  ['GET', '/reports/:name', 'read'],
  // Expenses are money: engineers see none; accountants read them and their receipts.
  ['GET', '/expenses', 'read'],
  ['GET', '/expenses/:id', 'read'],
  ['GET', '/expenses/:id/receipt', 'read'],
  ['POST', '/expenses', 'write'],
  ['PUT', '/expenses/:id', 'write'],
  ['DELETE', '/expenses/:id', 'write'],
  ['PUT', '/expenses/:id/receipt', 'write'],
  ['DELETE', '/expenses/:id/receipt', 'write'],
  ['GET', '/bank-accounts', 'read'],
  ['GET', '/bank-accounts/:id', 'read'],
  ['GET', '/bank-accounts/:id/lines', 'read'],
  ['POST', '/bank-accounts', 'write'],
  ['POST', '/bank-accounts/:id/statements', 'write'],
  ['POST', '/bank-lines/:id/explain', 'write'],
  ['DELETE', '/bank-lines/:id/explain', 'write'],
  ['GET', '/exports', 'read'],
  ['GET', '/bank-rules', 'read'],
  ['POST', '/bank-rules', 'write'],
  ['DELETE', '/bank-rules/:id', 'write'],
  ['GET', '/exports/:name', 'read'],
  ['POST', '/imports/:kind', 'write'],
  ['POST', '/imports/:kind/rejected.csv', 'write'],

  ['GET', '/calendar', 'field-read'],
  ['GET', '/calendar/range/:start/:end', 'field-read'],
  ['GET', '/calendar/:id', 'field-read'],
  ['POST', '/calendar', 'field-write'],
  ['POST', '/calendar/from-quote/:id', 'field-write'],
  ['PUT', '/calendar/:id', 'field-write'],
  ['DELETE', '/calendar/:id', 'field-write'],

  ['GET', '/subscription/:what', 'field-read'],
  ['GET', '/dashboard', 'read'],
  ['GET', '/deliveries', 'read'],
  ['GET', '/email/outbox', 'read'],
  ['GET', '/email/deliveries/:id/eml', 'read'],
  ['POST', '/email/outbox/send', 'write'],
  ['GET', '/notifications', 'read'],
  ['POST', '/notifications/read', 'write'],

  // Making Tax Digital for VAT: every route, reading included, is for those who file.
  ['GET', '/mtd/vat/status', 'vat-filing'],
  ['GET', '/mtd/vat/connect', 'vat-filing'],
  ['DELETE', '/mtd/vat/connection', 'vat-filing'],
  ['GET', '/mtd/vat/obligations', 'vat-filing'],
  ['GET', '/mtd/vat/returns', 'vat-filing'],
  ['GET', '/mtd/vat/returns/:periodKey/preview', 'vat-filing'],
  ['POST', '/mtd/vat/returns', 'vat-filing'],
  ['GET', '/mtd/vat/returns/:periodKey/hmrc', 'vat-filing'],
  ['GET', '/mtd/vat/liabilities', 'vat-filing'],
  ['GET', '/mtd/vat/payments', 'vat-filing'],
];

const compiled = ROUTE_PERMISSIONS.map(([method, path, permission]) => ({
  method,
  pattern: new RegExp(`^${path.replace(/\./g, '\\.').replace(/:\w+/g, '[^/]+')}/?$`),
  permission,
}));

/** The permission a request needs; `path` is under /api, without the query. */
export function permissionFor(method: string, path: string): Permission {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return compiled.find((r) => r.method === m && r.pattern.test(path))?.permission ?? 'team';
}
