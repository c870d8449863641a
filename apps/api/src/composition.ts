import type { RequestHandler, Router } from 'express';
import type { AppContext } from './context.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createClientsRepository } from './modules/clients/clients.repository.ts';
import { createClientsService } from './modules/clients/clients.service.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { createItemsRepository } from './modules/items/items.repository.ts';
import { createItemsService } from './modules/items/items.service.ts';
import { itemsRoutes } from './modules/items/items.routes.ts';
import { createCompanyRepository } from './modules/company/company.repository.ts';
import { createCompanyService } from './modules/company/company.service.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { createCountersRepository } from './modules/numbering/counters.repository.ts';
import { createDocumentSettingsRepository } from './modules/numbering/document-settings.repository.ts';
import { createUsageRepository } from './modules/subscription/usage.repository.ts';
import { createLimitsService } from './modules/subscription/limits.service.ts';
import { createSubscriptionService } from './modules/subscription/subscription.service.ts';
import { subscriptionRoutes } from './modules/subscription/subscription.routes.ts';
import { createOwnershipRepository } from './modules/documents/ownership.repository.ts';
import { createQuotesRepository } from './modules/quotes/quotes.repository.ts';
import { createQuotesService } from './modules/quotes/quotes.service.ts';
import { quotesRoutes } from './modules/quotes/quotes.routes.ts';
import { createInvoicesRepository } from './modules/invoices/invoices.repository.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { createPreviewsService } from './modules/previews/previews.service.ts';
import { previewsRoutes } from './modules/previews/previews.routes.ts';
import { createCalendarRepository } from './modules/calendar/calendar.repository.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { createHistoryRepository } from './modules/history/history.repository.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { createSnapshotsRepository } from './modules/snapshots/snapshots.repository.ts';
import { createSnapshotsService } from './modules/snapshots/snapshots.service.ts';
import { createCreditNotesRepository } from './modules/credit-notes/credit-notes.repository.ts';
import { createCreditNotesService } from './modules/credit-notes/credit-notes.service.ts';
import { creditNotesRoutes, invoiceCreditRoutes } from './modules/credit-notes/credit-notes.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createVatReportRepository } from './modules/reports/vat-report.repository.ts';
import { createVatReportService } from './modules/reports/vat-report.service.ts';
import { createPaymentsRepository } from './modules/payments/payments.repository.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { invoicePaymentRoutes, paymentsRoutes } from './modules/payments/payments.routes.ts';

/**
 * The one wiring root: every module's repository, service and routes are built here and
 * nowhere else, so modules never build each other and folders only point one way
 * (modules -> modules/documents, modules/numbering, lib, db). A module that needs another
 * module's work gets the function passed in here.
 */
export function createModules(ctx: AppContext) {
  const { db, clock, config } = ctx;
  const counters = createCountersRepository(db);
  const settings = createDocumentSettingsRepository(db);
  const ownership = createOwnershipRepository(db);
  const limits = createLimitsService(createUsageRepository(db), clock, config.planLimitOverrides);

  const companyRepository = createCompanyRepository(db);
  const clientsRepository = createClientsRepository(db);
  const quotesRepository = createQuotesRepository(db, counters);
  const invoicesRepository = createInvoicesRepository(db, counters);
  const creditNotesRepository = createCreditNotesRepository(db, counters);
  const historyRepository = createHistoryRepository(db);
  const snapshotsRepository = createSnapshotsRepository(db);
  const snapshots = createSnapshotsService(snapshotsRepository);

  const auth = createAuthService(createAuthRepository(db), ctx.tokens, config.bcryptCost);
  const company = createCompanyService(companyRepository, counters);
  const clients = createClientsService(clientsRepository, {
    assertCanCreateClient: (userId) => limits.assertCanCreate(userId, 'clients'),
  });
  const items = createItemsService(createItemsRepository(db));
  const quotes = createQuotesService(quotesRepository, {
    settings,
    ownership,
    history: historyRepository,
    snapshots,
    assertCanCreateQuote: (userId, tx) => limits.assertCanCreate(userId, 'quotes', tx),
  });
  const payments = createPaymentsService(createPaymentsRepository(db), { invoices: invoicesRepository, history: historyRepository, clock });
  const invoices = createInvoicesService(invoicesRepository, {
    payInFull: payments.payInFull,
    settings,
    ownership,
    clock,
    history: historyRepository,
    snapshots,
    assertCanCreateInvoice: (userId, tx) => limits.assertCanCreate(userId, 'invoices', tx),
  });
  const previews = createPreviewsService(
    {
      quotes: quotesRepository,
      invoices: invoicesRepository,
      company: companyRepository,
      clients: clientsRepository,
      creditNotes: creditNotesRepository,
      snapshots: snapshotsRepository,
    },
    clock,
    company.logoForPdf,
  );
  const creditNotes = createCreditNotesService(creditNotesRepository, {
    invoices: invoicesRepository,
    settings,
    history: historyRepository,
    snapshots,
    clock,
  });
  const history = { repository: historyRepository, ownership };
  const calendar = createCalendarService(createCalendarRepository(db), { ownership, clock });
  const subscription = createSubscriptionService(limits, clock);
  const reports = createReportsService(createReportsRepository(db), clock);
  const vatReport = createVatReportService(createVatReportRepository(db));
  const dashboard = createDashboardService(createDashboardRepository(db), {
    recentQuotes: quotes.recent,
    recentInvoices: invoices.recent,
    agedTotals: reports.agedTotals,
    clock,
  });

  const accounts = createAccountsService({
    client: clients.get,
    quotes: quotes.ofClient,
    invoices: invoices.ofClient,
    creditNotes: creditNotes.ofClient,
    payments: payments.ofClient,
    aged: reports.agedDebtors,
    company: company.findRow,
    clock,
  });

  return { auth, company, clients, items, quotes, invoices, payments, reports, vatReport, accounts, creditNotes, history, previews, calendar, subscription, dashboard };
}
export type Modules = ReturnType<typeof createModules>;

export interface MountOptions {
  requireUser: RequestHandler;
  authLimiter: RequestHandler;
}

/** Every module's routes under /api (health before the rate limiter, which app.ts adds after it). */
export function mountHealth(api: Router, ctx: AppContext) {
  api.use(healthRoutes(createHealthRepository(ctx.db), ctx.dbKind));
}

/** The rest, in this order: previews before quotes and invoices, which only match exact paths. */
export function mountModules(api: Router, m: Modules, { requireUser, authLimiter }: MountOptions) {
  api.use('/auth', authRoutes(m.auth, { authLimiter, authenticate: requireUser }));
  api.use('/clients', requireUser, accountsRoutes(m.accounts), clientsRoutes(m.clients));
  api.use('/items', requireUser, itemsRoutes(m.items));
  api.use('/company', requireUser, companyRoutes(m.company));
  api.use(previewsRoutes(m.previews, requireUser));
  api.use(historyRoutes(m.history.repository, m.history.ownership, requireUser));
  api.use('/quotes', requireUser, quotesRoutes(m.quotes));
  api.use('/invoices', requireUser, invoicePaymentRoutes(m.payments, m.invoices.get, invoiceCreditRoutes(m.creditNotes, invoicesRoutes(m.invoices))));
  api.use('/payments', requireUser, paymentsRoutes(m.payments));
  api.use('/reports', requireUser, reportsRoutes(m.reports, m.vatReport));
  api.use('/credit-notes', requireUser, creditNotesRoutes(m.creditNotes));
  api.use('/calendar', requireUser, calendarRoutes(m.calendar));
  api.use('/subscription', requireUser, subscriptionRoutes(m.subscription));
  api.use('/dashboard', requireUser, dashboardRoutes(m.dashboard));
}
