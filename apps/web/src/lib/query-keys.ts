/**
 * Every query key in one place so a mutation can invalidate exactly what it affects
 * (keys are prefixes: invalidating ['quotes'] also refreshes ['quotes', id]).
 */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  dashboard: ['dashboard'] as const,
  clients: ['clients'] as const,
  items: ['items'] as const,
  quotes: ['quotes'] as const,
  invoices: ['invoices'] as const,
  creditNotes: ['credit-notes'] as const,
  agedDebtors: ['reports', 'aged-debtors'] as const,
  vatReport: ['reports', 'vat'] as const,
  clientAccount: (id: string) => ['client-account', id] as const,
  clientAccounts: ['client-account'] as const,
  calendar: ['calendar'] as const,
  company: ['company'] as const,
  subscriptionInfo: ['subscription', 'info'] as const,
  subscription: ['subscription'] as const,
  plans: ['subscription', 'plans'] as const,
  email: ['email'] as const,
  notifications: ['notifications'] as const,
  recurring: ['recurring-invoices'] as const,
};
