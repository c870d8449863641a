import { ZListQuery } from '@docket/schemas/common';
import { ZInvoiceListQuery, ZQuoteListQuery } from '@docket/schemas/document';
import type { Request, RequestHandler, Router } from 'express';
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
import { invoicesRoutes, quoteInvoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { createPreviewsService } from './modules/previews/previews.service.ts';
import { previewsRoutes } from './modules/previews/previews.routes.ts';
import { createPreviewsRepository } from './modules/previews/previews.repository.ts';
import { createHeldPdfBytes } from './modules/previews/held-pdf-bytes.ts';
import { createKeptAnswer, createKeptForSession } from './modules/documents/kept-answer.ts';
import { keptAnswerFirst, listFirstPage, named } from './modules/documents/kept-answer.routes.ts';
import { createKeptAnswersRepository } from './modules/documents/kept-answers.repository.ts';
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
import { DEFAULT_MAIL } from './context.ts';
import { createMailer } from './modules/email/mailer.ts';
import { createDeliveriesRepository } from './modules/email/deliveries.repository.ts';
import { createTemplatesRepository } from './modules/email/templates.repository.ts';
import { createEmailService, SEND_EMAIL_JOB, type DocumentFacts, type EmailDocumentKind } from './modules/email/email.service.ts';
import { createTemplatesService } from './modules/email/templates.service.ts';
import { emailRoutes } from './modules/email/email.routes.ts';
import { createRemindersRepository } from './modules/reminders/reminders.repository.ts';
import { createRemindersService, REMINDER_SWEEP_CRON, REMINDER_SWEEP_JOB } from './modules/reminders/reminders.service.ts';
import { remindersRoutes } from './modules/reminders/reminders.routes.ts';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createSharingRepository } from './modules/sharing/sharing.repository.ts';
import { createSharingService } from './modules/sharing/sharing.service.ts';
import { publicRoutes, sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { apiNotFound } from './middleware/error-handler.ts';
import { createExportsRepository } from './modules/exports/exports.repository.ts';
import { createExportsService } from './modules/exports/exports.service.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { createEinvoicesRepository } from './modules/einvoices/einvoices.repository.ts';
import { createEinvoicesService } from './modules/einvoices/einvoices.service.ts';
import { einvoicesRoutes } from './modules/einvoices/einvoices.routes.ts';
import { createImportsRepository } from './modules/imports/imports.repository.ts';
import { createImportsService } from './modules/imports/imports.service.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { createRecurringRepository } from './modules/recurring/recurring.repository.ts';
import { createRecurringService, RECURRING_SWEEP_CRON, RECURRING_SWEEP_JOB } from './modules/recurring/recurring.service.ts';
import { recurringRoutes } from './modules/recurring/recurring.routes.ts';

/** Issued PDF bytes a process keeps in memory at most (docs/reliability.md). */
const HELD_PDF_BYTES = 16 * 1024 * 1024;

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
  const notificationsRepository = createNotificationsRepository(db);
  const sharingRepository = createSharingRepository(db);

  const mail = config.mail ?? DEFAULT_MAIL;
  const auth = createAuthService(createAuthRepository(db), ctx.tokens, config.bcryptCost, {
    clock,
    sendResetLink: (user, link) => email.sendResetLink(user.id, user.email, link),
    linkFor: (token) => `${mail.publicUrl ?? 'http://localhost:3000'}/reset-password?token=${encodeURIComponent(token)}`,
  });
  const company = createCompanyService(companyRepository, counters);
  const keptAnswers = createKeptAnswersRepository(db);
  const kept = createKeptAnswer(keptAnswers, clock);
  const keptForSession = createKeptForSession(keptAnswers, clock);
  const clients = createClientsService(clientsRepository, {
    assertCanCreateClient: (userId) => limits.assertCanCreate(userId, 'clients'),
    kept,
  });
  const items = createItemsService(createItemsRepository(db));
  const quotes = createQuotesService(quotesRepository, {
    kept,
    settings,
    ownership,
    history: historyRepository,
    snapshots,
    assertCanCreateQuote: (userId, tx) => limits.assertCanCreate(userId, 'quotes', tx),
  });
  const payments = createPaymentsService(createPaymentsRepository(db), {
    invoices: invoicesRepository,
    history: historyRepository,
    notifications: notificationsRepository,
    clock,
  });
  const invoices = createInvoicesService(invoicesRepository, {
    kept,
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
      acceptance: sharingRepository.acceptance,
      issuedPdfs: createPreviewsRepository(db),
    },
    clock,
    company.logoForPdf,
    createHeldPdfBytes(HELD_PDF_BYTES),
  );
  const sharing = createSharingService(sharingRepository, {
    clock,
    linkDays: config.shareLinkDays,
    history: historyRepository,
    notifications: notificationsRepository,
    quote: quotes.get,
    invoice: invoices.get,
    sendQuote: (userId, id) => quotes.transition(userId, id, 'send'),
    sendInvoice: (userId, id) => invoices.transition(userId, id, 'send'),
    parties: previews.issuedParties,
    quotePdf: previews.quote,
    invoicePdf: previews.invoice,
  });
  const notifications = createNotificationsService(notificationsRepository);
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
    kept,
  });

  const remindersRepository = createRemindersRepository(db);
  const accounts = createAccountsService({
    client: clients.get,
    quotes: quotes.ofClient,
    invoices: invoices.ofClient,
    creditNotes: creditNotes.ofClient,
    payments: payments.ofClient,
    aged: reports.agedDebtors,
    company: company.findRow,
    reminders: remindersRepository.ofClient,
    clock,
  });

  const documentFacts = async (userId: string, kind: EmailDocumentKind, id: string): Promise<DocumentFacts> => {
    if (kind === 'quote') {
      const q = await quotes.get(userId, id);
      return { id, number: q.quoteNumber, status: q.status, clientId: q.clientId, clientName: q.client.name, total: q.total, balanceDue: null, dueDate: null };
    }
    const i = await invoices.get(userId, id);
    return { id, number: i.invoiceNumber, status: i.status, clientId: i.clientId, clientName: i.client.name, total: i.total, balanceDue: i.balanceDue, dueDate: i.dueDate };
  };
  const templatesRepository = createTemplatesRepository(db);
  const email = createEmailService({
    deliveries: createDeliveriesRepository(db),
    templates: templatesRepository,
    history: historyRepository,
    document: documentFacts,
    issue: async (userId, kind, id) => {
      if (kind === 'quote') await quotes.transition(userId, id, 'send');
      else await invoices.transition(userId, id, 'send');
    },
    pdf: (userId, kind, id) => (kind === 'quote' ? previews.quote(userId, id) : previews.invoice(userId, id)),
    company: (userId) => companyRepository.get(userId),
    clientEmail: async (userId, clientId) => (await clientsRepository.get(userId, clientId))?.email ?? null,
    shareLink: async (userId, kind, id, origin) => (await sharing.share(userId, kind, id, origin)).url,
    notify: (userId, n) => notificationsRepository.add(db, userId, n),
    mailer: createMailer(mail.smtpUrl),
    // Statutory interest and compensation in reminders (docs/product.md, "Reminders"): the invoice's
    // own latePayment figures (business clients, overdue), shown only while the company's notice is on.
    lateFigures: async (userId, invoiceId) => {
      if (!(await companyRepository.get(userId))?.latePaymentNotice) return null;
      const late = (await invoices.get(userId, invoiceId)).latePayment;
      return late ? { interest: late.interest, compensation: late.compensation } : null;
    },
    jobs: ctx.jobs,
    clock,
    logger: ctx.logger,
    config: mail,
  });
  const emailTemplates = createTemplatesService(templatesRepository, {
    document: documentFacts,
    companyName: async (userId) => (await companyRepository.get(userId))?.name ?? 'Your company',
  });
  const reminders = createRemindersService(remindersRepository, {
    clock,
    logger: ctx.logger,
    remind: (userId, invoiceId, step, days) => email.remind(userId, invoiceId, step, days),
    underDailyLimit: (userId) => email.underDailyLimit(userId),
  });
  const recurring = createRecurringService(createRecurringRepository(db), {
    clock,
    logger: ctx.logger,
    ownership,
    settings,
    history: historyRepository,
    invoices: invoicesRepository,
    assertCanCreateInvoice: (userId, tx) => limits.assertCanCreate(userId, 'invoices', tx),
    // No request to take an origin from: the client link needs PUBLIC_URL.
    emailInvoice: (userId, invoiceId) => email.emailDocument(userId, 'invoice', invoiceId, {}, config.publicAppUrl),
    notifications: notificationsRepository,
  });
  if (ctx.jobs) startWorkers(ctx, { email, reminders, recurring });

  // account.zip holds each issued document's PDF exactly as its preview renders it.
  const exports = createExportsService(createExportsRepository(db), (userId, doc) =>
    doc.kind === 'quote' ? previews.quote(userId, doc.id) : doc.kind === 'invoice' ? previews.invoice(userId, doc.id) : previews.creditNote(userId, doc.id),
  );

  // Imports write clients and items under the same schemas as the forms, and the same plan limit.
  const imports = createImportsService(createImportsRepository(db), { maxClients: (userId) => limits.limitsOf(userId).maxClients });

  // A document issued before snapshots existed is frozen by rendering its PDF once.
  const einvoices = createEinvoicesService(createEinvoicesRepository(db), (userId, kind, id) =>
    kind === 'invoice' ? previews.invoice(userId, id) : previews.creditNote(userId, id),
    previews.invoice,
  );

  return {
    auth,
    company,
    clients,
    items,
    quotes,
    invoices,
    payments,
    reports,
    vatReport,
    accounts,
    creditNotes,
    history,
    previews,
    calendar,
    subscription,
    dashboard,
    email,
    emailTemplates,
    reminders,
    sharing,
    notifications,
    exports,
    imports,
    einvoices,
    recurring,
    keptForSession,
  };
}
export type Modules = ReturnType<typeof createModules>;

/**
 * The queue's workers: email sends, and the reminder sweep daily and once at start-up (the
 * singleton key keeps the start-up runs of several processes to one queued sweep).
 */
function startWorkers(
  ctx: AppContext,
  m: { email: ReturnType<typeof createEmailService>; reminders: ReturnType<typeof createRemindersService>; recurring: ReturnType<typeof createRecurringService> },
) {
  const jobs = ctx.jobs!;
  const started = (async () => {
    await jobs.work<{ deliveryId: string }>(SEND_EMAIL_JOB, (data) => m.email.deliver(data.deliveryId));
    await jobs.work(REMINDER_SWEEP_JOB, async () => {
      const { sent } = await m.reminders.sweep();
      ctx.logger.info({ sent }, 'reminder sweep done');
    });
    await jobs.schedule(REMINDER_SWEEP_JOB, REMINDER_SWEEP_CRON);
    await jobs.send(REMINDER_SWEEP_JOB, {}, { singletonKey: 'start-up' });
    // Recurring invoices: daily, and at start-up so periods missed while down are issued, oldest first.
    await jobs.work(RECURRING_SWEEP_JOB, async () => {
      const { issued } = await m.recurring.sweep();
      ctx.logger.info({ issued }, 'recurring invoice sweep done');
    });
    await jobs.schedule(RECURRING_SWEEP_JOB, RECURRING_SWEEP_CRON);
    await jobs.send(RECURRING_SWEEP_JOB, {}, { singletonKey: 'start-up' });
  })();
  started.catch((err: unknown) => ctx.logger.error({ err }, 'could not start the job workers'));
}

export interface MountOptions {
  requireUser: RequestHandler;
  authLimiter: RequestHandler;
  /** the origin client links point at */
  publicOrigin: (req: Request) => string;
}

/**
 * /api/public (client links): before the API's own limiter and body parser, with their own per-IP
 * limit, a body large enough for a drawn signature, and a 404 of their own at the end.
 */
export function mountPublic(api: Router, m: Modules, guards: RequestHandler[]) {
  api.use('/public', ...guards, publicRoutes(m.sharing), apiNotFound);
}

/** Every module's routes under /api (health before the rate limiter, which app.ts adds after it). */
export function mountHealth(api: Router, ctx: AppContext) {
  api.use(healthRoutes(createHealthRepository(ctx.db), ctx.dbKind));
}

/** CSV uploads: mounted before the JSON body parser, which refuses any other body. */
export function mountImports(api: Router, m: Modules, requireUser: RequestHandler) {
  api.use('/imports', requireUser, importsRoutes(m.imports));
}

/** The rest, in this order: previews before quotes and invoices, which only match exact paths. */
export function mountModules(api: Router, m: Modules, { requireUser, authLimiter, publicOrigin }: MountOptions) {
  api.use('/auth', authRoutes(m.auth, { authLimiter, authenticate: requireUser }));
  api.use(emailRoutes(m.email, m.emailTemplates, requireUser, publicOrigin));
  api.use(remindersRoutes(m.reminders, requireUser));
  api.use('/clients', keptAnswerFirst(m.keptForSession, listFirstPage('clients', ZListQuery)), requireUser, accountsRoutes(m.accounts), clientsRoutes(m.clients));
  api.use('/items', requireUser, itemsRoutes(m.items));
  api.use('/company', requireUser, companyRoutes(m.company));
  api.use(einvoicesRoutes(m.einvoices, requireUser));
  api.use(previewsRoutes(m.previews, requireUser));
  api.use(sharingRoutes(m.sharing, requireUser, publicOrigin));
  api.use('/notifications', requireUser, notificationsRoutes(m.notifications));
  api.use(historyRoutes(m.history.repository, m.history.ownership, requireUser));
  api.use('/quotes', keptAnswerFirst(m.keptForSession, listFirstPage('quotes', ZQuoteListQuery)), requireUser, quoteInvoicesRoutes(m.invoices), quotesRoutes(m.quotes));
  api.use('/invoices', keptAnswerFirst(m.keptForSession, listFirstPage('invoices', ZInvoiceListQuery)), requireUser, invoicePaymentRoutes(m.payments, m.invoices.get, invoiceCreditRoutes(m.creditNotes, invoicesRoutes(m.invoices))));
  api.use('/payments', requireUser, paymentsRoutes(m.payments));
  api.use('/recurring-invoices', requireUser, recurringRoutes(m.recurring));
  api.use('/reports', requireUser, reportsRoutes(m.reports, m.vatReport));
  api.use('/exports', requireUser, exportsRoutes(m.exports));
  api.use('/credit-notes', requireUser, creditNotesRoutes(m.creditNotes));
  api.use('/calendar', requireUser, calendarRoutes(m.calendar));
  api.use('/subscription', requireUser, subscriptionRoutes(m.subscription));
  api.use('/dashboard', keptAnswerFirst(m.keptForSession, named('dashboard')), requireUser, dashboardRoutes(m.dashboard));
}
