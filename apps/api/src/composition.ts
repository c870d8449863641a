import { ZListQuery } from '@docket/schemas/common';
import { ZQuoteListQuery } from '@docket/schemas/document';
import type { Request, RequestHandler } from 'express';
import type { Route } from './http/route.ts';
import type { AppContext } from './context.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createTeamRepository } from './modules/team/team.repository.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
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
import { issuedPdfQueue, workIssuedPdfs } from './modules/previews/issued-pdf-job.ts';
import { previewsRoutes } from './modules/previews/previews.routes.ts';
import { createPreviewsRepository } from './modules/previews/previews.repository.ts';
import { createHeldPdfBytes } from './cache/pdf-byte-cache.ts';
import { createKeptAnswer, createKeptForSession } from './cache/answer-cache.ts';
import { keptAnswerFirst, named } from './cache/answer-cache.routes.ts';
import { listFirstPage } from './modules/documents/document-list-shape.ts';
import { createKeptAnswersRepository } from './cache/answer-cache.repository.ts';
import { AnswerTexts } from './cache/answer-texts.ts';
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
import { creditNotesRoutes } from './modules/credit-notes/credit-notes.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createVatReportRepository } from './modules/reports/vat-report.repository.ts';
import { createVatReportService } from './modules/reports/vat-report.service.ts';
import { createBooksRepository } from './modules/reports/books.repository.ts';
import { createBooksService } from './modules/reports/books.service.ts';
import { createMtdRepository } from './modules/mtd/mtd.repository.ts';
import { createFiledPeriods } from './modules/mtd/filed-periods.ts';
import { createMtdService } from './modules/mtd/mtd.service.ts';
import { mtdRoutes } from './modules/mtd/mtd.routes.ts';
import { createHmrcClient } from './modules/mtd/hmrc-client.ts';
import { createPaymentsRepository } from './modules/payments/payments.repository.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { DEFAULT_MAIL } from './context.ts';
import { createMailer } from './modules/email/mailer.ts';
import { createDeliveriesRepository } from './modules/email/deliveries.repository.ts';
import { createTemplatesRepository } from './modules/email/templates.repository.ts';
import { createEmailService, SEND_EMAIL_LOOP } from './modules/email/email.service.ts';
import { createDocumentsFacade } from './modules/document-facade/documents-facade.ts';
import { createTemplatesService } from './modules/email/templates.service.ts';
import { emailRoutes } from './modules/email/email.routes.ts';
import { createRemindersRepository } from './modules/reminders/reminders.repository.ts';
import {
  createRemindersService,
  REMINDER_SWEEP_CRON,
  REMINDER_SWEEP_JOB,
  REMINDER_SWEEP_TIME_ZONE,
  type ReminderSweepData,
} from './modules/reminders/reminders.service.ts';
import { remindersRoutes } from './modules/reminders/reminders.routes.ts';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createSharingRepository } from './modules/sharing/sharing.repository.ts';
import { createClientChangeRevoker, createSharingService } from './modules/sharing/sharing.service.ts';
import { sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { createExportsRepository } from './modules/exports/exports.repository.ts';
import { createExportsService } from './modules/exports/exports.service.ts';
import { createExportRunsRepository } from './modules/exports/export-runs.repository.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { createEinvoicesRepository } from './modules/einvoices/einvoices.repository.ts';
import { createEinvoicesService } from './modules/einvoices/einvoices.service.ts';
import { einvoicesRoutes, facturXWriters } from './modules/einvoices/einvoices.routes.ts';
import { createImportsRepository } from './modules/imports/imports.repository.ts';
import { createImportsService } from './modules/imports/imports.service.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { planInPool } from './modules/imports/import-pool.ts';
import { createRecurringRepository } from './modules/recurring/recurring.repository.ts';
import { createRecurringService, RECURRING_SWEEP_CRON, RECURRING_SWEEP_JOB } from './modules/recurring/recurring.service.ts';
import { recurringRoutes } from './modules/recurring/recurring.routes.ts';
import { createOnlinePaymentsRepository } from './modules/online-payments/online-payments.repository.ts';
import { payUrlOf } from './modules/previews/issued-live-key.ts';
import { createOnlinePaymentsService, PAYMENT_EVENTS_LOOP } from './modules/online-payments/online-payments.service.ts';
import { onlinePaymentsRoutes } from './modules/online-payments/online-payments.routes.ts';
import { createSecretBox } from './lib/secrets.ts';
import { createDatabaseReceiptStore, createExpensesRepository } from './modules/expenses/expenses.repository.ts';
import { createS3ReceiptStore } from './modules/expenses/s3-receipt-store.ts';
import { createExpensesService } from './modules/expenses/expenses.service.ts';
import { expensesRoutes } from './modules/expenses/expenses.routes.ts';
import { createBankRepository } from './modules/bank/bank.repository.ts';
import { createBankService } from './modules/bank/bank.service.ts';
import { bankRoutes } from './modules/bank/bank.routes.ts';
import { createBankRulesRepository } from './modules/bank/bank-rules.repository.ts';
import { createBankRulesService } from './modules/bank/bank-rules.service.ts';
import { bankRuleRoutes } from './modules/bank/bank-rules.routes.ts';

/** Issued PDF bytes a process keeps in memory at most (docs/reliability.md). */
const HELD_PDF_BYTES = 16 * 1024 * 1024;
/**
 * Invoice answers' JSON a process keeps at most, in bytes of UTF-8 (docs/product.md, "Kept invoice
 * answers"): some 13,000 invoices of three lines and a payment (about 1.2 kB each).
 */
const INVOICE_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * The one wiring root: every module's repository, service and routes are built here and
 * nowhere else (routes: apiRoutes below), so modules never build each other and folders only point one way
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
  const issuedPdf = issuedPdfQueue(ctx.jobs, ctx.logger);
  const notificationsRepository = createNotificationsRepository(db);
  const sharingRepository = createSharingRepository(db);
  const revokeLinks = createClientChangeRevoker(sharingRepository, historyRepository);

  const mail = config.mail ?? DEFAULT_MAIL;
  const authRepository = createAuthRepository(db);
  const auth = createAuthService(
    authRepository,
    ctx.tokens,
    config.bcryptCost,
    {
      clock,
      sendResetLink: (user, link) => email.sendResetLink(user.id, user.email, link),
      linkFor: (token) => `${mail.publicUrl ?? 'http://localhost:3000'}/reset-password?token=${encodeURIComponent(token)}`,
    },
    {
      clock,
      send: (user, link, cap) => email.sendVerification(user.id, user.email, link, cap),
      linkFor: (token) => `${mail.publicUrl ?? 'http://localhost:3000'}/verify-email?token=${encodeURIComponent(token)}`,
      verified: (userId) => email.withdrawVerifications(userId),
      logger: ctx.logger,
    },
  );
  const company = createCompanyService(companyRepository, counters);
  const keptAnswers = createKeptAnswersRepository(db);
  const kept = createKeptAnswer(keptAnswers, clock);
  const keptForSession = createKeptForSession(keptAnswers, clock);
  const clients = createClientsService(clientsRepository, {
    clientLimit: (userId) => limits.countedLimit(userId, 'clients'),
    kept,
  });
  const items = createItemsService(createItemsRepository(db));
  const quotes = createQuotesService(quotesRepository, {
    kept,
    settings,
    ownership,
    history: historyRepository,
    snapshots,
    issuedPdf,
    revokeLinks,
    assertCanCreateQuote: (userId, tx) => limits.assertCanCreate(userId, 'quotes', tx),
  });
  const mtdRepository = createMtdRepository(db);
  const filedPeriods = createFiledPeriods(mtdRepository);
  const payments = createPaymentsService(createPaymentsRepository(db), {
    filedPeriods,
    invoices: invoicesRepository,
    history: historyRepository,
    notifications: notificationsRepository,
    clock,
  });
  const invoices = createInvoicesService(invoicesRepository, {
    filedPeriods,
    answerTexts: new AnswerTexts(INVOICE_ANSWER_BYTES),
    payInFull: payments.payInFull,
    settings,
    ownership,
    clock,
    history: historyRepository,
    snapshots,
    issuedPdf,
    revokeLinks,
    assertCanCreateInvoice: (userId, tx) => limits.assertCanCreate(userId, 'invoices', tx),
    invoiceLimit: (userId) => limits.countedLimit(userId, 'invoices'),
  });
  const onlinePaymentsRepository = createOnlinePaymentsRepository(db);
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
      payLinks: {
        base: config.publicAppUrl ?? null,
        state: (userId, invoiceId) => onlinePaymentsRepository.payState(userId, invoiceId),
        ensure: (userId, invoiceId) => onlinePaymentsRepository.ensurePayCode(userId, invoiceId),
      },
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
    creditNote: (userId, id) => creditNotes.get(userId, id),
    sendQuote: (userId, id) => quotes.transition(userId, id, 'send'),
    sendInvoice: (userId, id) => invoices.transition(userId, id, 'send'),
    parties: previews.issuedParties,
    quotePdf: previews.quote,
    invoicePdf: previews.invoice,
    creditNotePdf: previews.creditNote,
    onlineOffer: (userId, invoice) => onlinePayments.publicOffer(userId, invoice),
    depositOffer: (userId, quoteId, status) => onlinePayments.publicDeposit(userId, quoteId, status),
    onAccepted: (userId, quoteId) => onlinePayments.onQuoteAccepted(userId, quoteId),
  });
  const notifications = createNotificationsService(notificationsRepository);
  const creditNotes = createCreditNotesService(creditNotesRepository, {
    invoices: invoicesRepository,
    settings,
    history: historyRepository,
    snapshots,
    issuedPdf,
    clock,
  });
  const history = { repository: historyRepository, ownership };
  const calendar = createCalendarService(createCalendarRepository(db), { ownership, clock });
  const subscription = createSubscriptionService(limits, clock);
  const reports = createReportsService(createReportsRepository(db), clock);
  const expensesRepository = createExpensesRepository(db);
  const receiptStore = config.receiptsS3 ? createS3ReceiptStore(db, config.receiptsS3, clock) : createDatabaseReceiptStore(db);
  const expenses = createExpensesService(expensesRepository, receiptStore, filedPeriods);
  const bankRules = createBankRulesService(createBankRulesRepository(db));
  const bank = createBankService(createBankRepository(db), {
    openInvoices: invoicesRepository.openForMatching,
    recordAllocations: payments.recordAllocations,
    removeAllocations: payments.removeAllocations,
    createExpense: expenses.create,
    removeExpense: expenses.remove,
    rules: bankRules.rows,
  });
  const vatReport = createVatReportService(createVatReportRepository(db), { purchases: expensesRepository.inPeriod });
  const books = createBooksService(createBooksRepository(db), vatReport);
  const mtd = createMtdService({
    repo: mtdRepository,
    vatReport,
    clock,
    logger: ctx.logger,
    hmrc: config.hmrc ? { client: createHmrcClient(config.hmrc), box: createSecretBox(config.hmrc.secretsKey) } : null,
  });
  const dashboard = createDashboardService(createDashboardRepository(db), {
    recentQuotes: quotes.recent,
    recentInvoices: invoices.recent,
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
    // docs/product.md, "Payments from the link": the statement link a statement PDF prints (needs PUBLIC_URL).
    payLink: async (userId, clientId) => {
      const base = config.publicAppUrl?.replace(/\/+$/, '');
      const { on, code } = await onlinePaymentsRepository.statementPayState(userId, clientId);
      return base && on ? `${base}/s/${code ?? (await onlinePaymentsRepository.ensureStatementPayCode(userId, clientId))}` : null;
    },
    clock,
  });

  const documents = createDocumentsFacade({
    quotes,
    invoices,
    creditNotes,
    previews,
    latePaymentNotice: async (userId) => (await companyRepository.get(userId))?.latePaymentNotice ?? false,
  });
  const templatesRepository = createTemplatesRepository(db);
  const email = createEmailService({
    deliveries: createDeliveriesRepository(db),
    templates: templatesRepository,
    history: historyRepository,
    account: (userId) => authRepository.findById(userId),
    document: documents.facts,
    issue: documents.issue,
    pdf: documents.pdf,
    company: (userId) => companyRepository.get(userId),
    clientEmail: async (userId, clientId) => (await clientsRepository.get(userId, clientId))?.email ?? null,
    shareLink: async (userId, kind, id, origin) => (await sharing.share(userId, kind, id, origin)).url,
    notify: (userId, n) => notificationsRepository.add(db, userId, n),
    notifyIn: (tx, userId, n) => notificationsRepository.add(tx, userId, n),
    mailer: createMailer(mail.smtpUrl),
    lateFigures: documents.lateFigures,
    // docs/product.md, "Payments from the link": the short link the invoice PDF prints.
    payLink: async (userId, invoiceId) => {
      const base = config.publicAppUrl ?? null;
      const { on, code } = await onlinePaymentsRepository.payState(userId, invoiceId);
      return base && on ? payUrlOf(base, on, code ?? (await onlinePaymentsRepository.ensurePayCode(userId, invoiceId))) : null;
    },
    jobs: ctx.jobs,
    clock,
    logger: ctx.logger,
    config: mail,
  });
  const team = createTeamService(createTeamRepository(db), {
    clock,
    send: (accountId, to, link, accountName, actor) => email.sendInvitation(accountId, to, link, accountName, actor),
    linkFor: (token) => `${mail.publicUrl ?? config.publicAppUrl ?? 'http://localhost:3000'}/accept-invitation?token=${encodeURIComponent(token)}`,
  });
  const emailTemplates = createTemplatesService(templatesRepository, {
    document: documents.facts,
    companyName: async (userId) => (await companyRepository.get(userId))?.name ?? 'Your company',
  });
  const queue = ctx.jobs;
  const reminders = createRemindersService(remindersRepository, {
    clock,
    logger: ctx.logger,
    remind: (userId, invoiceId, step, days, claim) => email.remind(userId, invoiceId, step, days, claim),
    underDailyLimit: (userId) => email.underDailyLimit(userId),
    // One queued assessment per account at a time: saving twice in a second queues one sweep.
    assessSoon: queue
      ? async (userId) => {
          await queue.send(REMINDER_SWEEP_JOB, { userId }, { singletonKey: `assess:${userId}` });
        }
      : undefined,
    mayEmailClients: (userId) => email.mayEmailClients(userId),
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
    emailInvoice: (userId, invoiceId, within) => email.emailDocument(userId, 'invoice', invoiceId, {}, config.publicAppUrl, within),
    notifications: notificationsRepository,
    notifyNow: (userId, n) => notificationsRepository.add(db, userId, n),
  });
  const onlineConfig = config.onlinePayments ?? {};
  const onlinePayments = createOnlinePaymentsService(onlinePaymentsRepository, {
    clock,
    logger: ctx.logger,
    box: onlineConfig.secretsKey ? createSecretBox(onlineConfig.secretsKey) : null,
    apiBase: { stripe: onlineConfig.stripeApiBase, gocardless: onlineConfig.gocardlessApiBase },
    payments,
    history: historyRepository,
    notifications: notificationsRepository,
    openInvoiceLink: (token) => sharing.openInvoice(token),
    openQuoteLink: (token) => sharing.openQuote(token),
    createDepositInvoice: (userId, quoteId, share) => invoices.inStages(userId, quoteId, { type: 'DEPOSIT', ...share }),
    issueInvoice: (userId, invoiceId) => invoices.transition(userId, invoiceId, 'send'),
    invoice: invoices.get,
    currency: async (userId) => (await companyRepository.get(userId))?.currency ?? 'GBP',
    clientEmail: async (userId, clientId) => (await clientsRepository.get(userId, clientId))?.email ?? null,
    isBusinessClient: async (userId, clientId) => (await clientsRepository.get(userId, clientId))?.isBusiness ?? false,
    receipt: (userId, invoiceId, r) => email.receipt(userId, invoiceId, r),
    statementReceipt: (userId, clientId, r) => email.statementReceipt(userId, clientId, r),
    client: clients.get,
    clientInvoices: invoices.ofClient,
    businessName: async (userId) => (await companyRepository.get(userId))?.name ?? '',
    wake: () => ctx.jobs?.wake(PAYMENT_EVENTS_LOOP),
  });
  if (ctx.jobs) startWorkers(ctx, { email, reminders, recurring, onlinePayments, previews });

  // account.zip holds each issued document's PDF exactly as its preview renders it.
  const exports = createExportsService(createExportsRepository(db), (userId, doc) => documents.pdf(userId, doc.kind, doc.id), createExportRunsRepository(db));

  // Imports write clients and items under the same schemas as the forms, and the same plan limit.
  const imports = createImportsService(createImportsRepository(db), { maxClients: (userId) => limits.limitsOf(userId).maxClients }, planInPool, filedPeriods);

  // A document issued before snapshots existed is frozen by rendering its PDF once.
  const einvoices = createEinvoicesService(
    createEinvoicesRepository(db),
    (userId, kind, id) => documents.pdf(userId, kind, id),
    { invoice: previews.invoice, creditNote: previews.creditNote },
    ctx.logger,
  );

  return {
    auth,
    team,
    company,
    clients,
    items,
    quotes,
    invoices,
    payments,
    reports,
    vatReport,
    books,
    mtd,
    clock,
    expenses,
    bank,
    bankRules,
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
    onlinePayments,
  };
}
export type Modules = ReturnType<typeof createModules>;

/**
 * The queue's workers: email sends, and the reminder sweep daily and once at start-up (the
 * singleton key keeps the start-up runs of several processes to one queued sweep).
 */
function startWorkers(
  ctx: AppContext,
  m: {
    email: ReturnType<typeof createEmailService>;
    reminders: ReturnType<typeof createRemindersService>;
    recurring: ReturnType<typeof createRecurringService>;
    onlinePayments: ReturnType<typeof createOnlinePaymentsService>;
    previews: ReturnType<typeof createPreviewsService>;
  },
) {
  const jobs = ctx.jobs!;
  // Stored webhook events, applied once each, including those left by a process that died (docs/reliability.md).
  jobs.loop(PAYMENT_EVENTS_LOOP, () => m.onlinePayments.processNext());
  const started = (async () => {
    // The outbox: queued deliveries are sent by whichever process claims them (docs/reliability.md).
    jobs.loop(SEND_EMAIL_LOOP, () => m.email.deliverNext());
    await jobs.work<ReminderSweepData>(REMINDER_SWEEP_JOB, async (data) => {
      const { sent } = await m.reminders.sweep(data);
      ctx.logger.info({ sent, oneAccount: Boolean(data.userId) }, 'reminder sweep done');
    });
    await jobs.schedule(REMINDER_SWEEP_JOB, REMINDER_SWEEP_CRON, REMINDER_SWEEP_TIME_ZONE);
    await jobs.send(REMINDER_SWEEP_JOB, {}, { singletonKey: 'start-up' });
    // Recurring invoices: daily, and at start-up so periods missed while down are issued, oldest first.
    await jobs.work(RECURRING_SWEEP_JOB, async () => {
      const { issued } = await m.recurring.sweep();
      ctx.logger.info({ issued }, 'recurring invoice sweep done');
    });
    await jobs.schedule(RECURRING_SWEEP_JOB, RECURRING_SWEEP_CRON);
    await jobs.send(RECURRING_SWEEP_JOB, {}, { singletonKey: 'start-up' });
    // Issued documents' PDFs, rendered and kept before anyone asks (docs/product.md, "Issued PDFs are kept").
    await workIssuedPdfs(jobs, m.previews);
  })();
  started.catch((err: unknown) => ctx.logger.error({ err }, 'could not start the job workers'));
}

export interface RouteDeps {
  authLimiter: RequestHandler;
  resetLimiter: RequestHandler;
  /** the origin client links point at */
  publicOrigin: (req: Request) => string;
}

/**
 * The route registry: every module's declared routes (http/route.ts), in the order app.ts mounts
 * each stage's. Paths are exact, so order matters only where two paths can match one request
 * (POST /invoices/from-quote/:quoteId is declared before POST /invoices/:id/duplicate).
 */
export function apiRoutes(ctx: AppContext, m: Modules, { authLimiter, resetLimiter, publicOrigin }: RouteDeps): Route[] {
  const keptFirst = (nameOf: Parameters<typeof keptAnswerFirst>[1]) => [keptAnswerFirst(m.keptForSession, nameOf)];
  return [
    ...healthRoutes(createHealthRepository(ctx.db), ctx.dbKind),
    ...authRoutes(m.auth, { authLimiter, resetLimiter }),
    ...teamRoutes(m.team),
    ...emailRoutes(m.email, m.emailTemplates, publicOrigin),
    ...remindersRoutes(m.reminders),
    ...accountsRoutes(m.accounts),
    ...clientsRoutes(m.clients, keptFirst(listFirstPage('clients', ZListQuery))),
    ...itemsRoutes(m.items),
    ...onlinePaymentsRoutes(m.onlinePayments, publicOrigin),
    ...companyRoutes(m.company),
    ...einvoicesRoutes(m.einvoices),
    ...previewsRoutes(m.previews, facturXWriters(m.einvoices)),
    ...sharingRoutes(m.sharing, publicOrigin),
    ...notificationsRoutes(m.notifications),
    ...historyRoutes(m.history.repository, m.history.ownership),
    ...quotesRoutes(m.quotes, keptFirst(listFirstPage('quotes', ZQuoteListQuery))),
    // no kept first page: invoices are kept one by one (docs/product.md, "Kept invoice answers")
    ...invoicesRoutes(m.invoices),
    ...creditNotesRoutes(m.creditNotes),
    ...paymentsRoutes(m.payments, m.invoices.get),
    ...recurringRoutes(m.recurring),
    ...reportsRoutes(m.reports, m.vatReport, m.books),
    ...mtdRoutes(m.mtd, m.clock, publicOrigin),
    ...expensesRoutes(m.expenses),
    ...bankRoutes(m.bank),
    ...bankRuleRoutes(m.bankRules),
    ...exportsRoutes(m.exports),
    ...importsRoutes(m.imports),
    ...calendarRoutes(m.calendar),
    ...subscriptionRoutes(m.subscription),
    ...dashboardRoutes(m.dashboard, keptFirst(named('dashboard'))),
  ];
}
