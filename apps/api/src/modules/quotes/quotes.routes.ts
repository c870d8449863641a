import { ZQuoteListQuery, ZQuoteRequest } from '@docket/schemas/document';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { transitionRoutes } from '../documents/transition-routes.ts';
import type { QuoteAction, QuotesService } from './quotes.service.ts';

const ACTIONS: QuoteAction[] = ['send', 'approve', 'decline', 'revert'];

/** Only exact paths: '/:id' never catches '/:id/preview', which the PDF module serves. */
export function quotesRoutes(service: QuotesService) {
  const router = crudRoutes(service, { listQuery: ZQuoteListQuery, body: ZQuoteRequest });
  return transitionRoutes(router, ACTIONS, service.transition);
}
