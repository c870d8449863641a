import type { RequestHandler, Router } from 'express';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CountersRepository } from '../numbering/counters.repository.ts';
import { createDocumentSettingsRepository } from '../numbering/document-settings.repository.ts';
import type { LimitsService } from '../subscription/limits.service.ts';
import { createOwnershipRepository } from './ownership.repository.ts';
import { createHistoryRepository } from '../history/history.repository.ts';
import { createSnapshotsRepository } from '../snapshots/snapshots.repository.ts';
import { createSnapshotsService } from '../snapshots/snapshots.service.ts';
import { createQuotesRepository } from '../quotes/quotes.repository.ts';
import { createQuotesService } from '../quotes/quotes.service.ts';
import { quotesRoutes } from '../quotes/quotes.routes.ts';
import { createInvoicesRepository } from '../invoices/invoices.repository.ts';
import { createInvoicesService } from '../invoices/invoices.service.ts';
import { invoicesRoutes } from '../invoices/invoices.routes.ts';
import { createCalendarRepository } from '../calendar/calendar.repository.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { calendarRoutes } from '../calendar/calendar.routes.ts';
import { createSubscriptionService } from '../subscription/subscription.service.ts';
import { subscriptionRoutes } from '../subscription/subscription.routes.ts';
import { createDashboardRepository } from '../dashboard/dashboard.repository.ts';
import { createDashboardService } from '../dashboard/dashboard.service.ts';
import { dashboardRoutes } from '../dashboard/dashboard.routes.ts';

export interface DocumentModulesDeps {
  db: Database;
  clock: Clock;
  counters: CountersRepository;
  limits: LimitsService;
}

/** Quotes, invoices, calendar, subscription and dashboard: built together, mounted in one call. */
export function createDocumentModules({ db, clock, counters, limits }: DocumentModulesDeps) {
  const settings = createDocumentSettingsRepository(db);
  const ownership = createOwnershipRepository(db);
  const history = createHistoryRepository(db);
  const snapshots = createSnapshotsService(createSnapshotsRepository(db));
  const quotes = createQuotesService(createQuotesRepository(db, counters), {
    settings,
    ownership,
    assertCanCreateQuote: (userId, tx) => limits.assertCanCreate(userId, 'quotes', tx),
  });
  const invoices = createInvoicesService(createInvoicesRepository(db, counters), {
    settings,
    ownership,
    clock,
    history,
    snapshots,
    assertCanCreateInvoice: (userId, tx) => limits.assertCanCreate(userId, 'invoices', tx),
  });
  const calendar = createCalendarService(createCalendarRepository(db), { ownership, clock });
  const subscription = createSubscriptionService(limits, clock);
  const dashboard = createDashboardService(createDashboardRepository(db), {
    recentQuotes: quotes.recent,
    recentInvoices: invoices.recent,
  });

  return {
    quotes,
    invoices,
    calendar,
    subscription,
    dashboard,
    mount(api: Router, requireUser: RequestHandler) {
      api.use('/quotes', requireUser, quotesRoutes(quotes));
      api.use('/invoices', requireUser, invoicesRoutes(invoices));
      api.use('/calendar', requireUser, calendarRoutes(calendar));
      api.use('/subscription', requireUser, subscriptionRoutes(subscription));
      api.use('/dashboard', requireUser, dashboardRoutes(dashboard));
    },
  };
}
