import { ZQuoteListQuery, ZQuoteRequest } from '@docket/schemas/document';
import { crudRoutes } from '../../middleware/crud-routes.ts';
import { transitionRoutes } from '../documents/transition-routes.ts';
import { QUOTE_TRANSITION_ACTIONS } from '@docket/schemas/lifecycle';
import type { QuotesService } from './quotes.service.ts';

/** Only exact paths: '/:id' never catches '/:id/preview', which the PDF module serves. */
export function quotesRoutes(service: QuotesService) {
  const router = crudRoutes(service, { listQuery: ZQuoteListQuery, body: ZQuoteRequest });
  return transitionRoutes(router, QUOTE_TRANSITION_ACTIONS, service.transition);
}
