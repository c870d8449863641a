import { Router, type Request } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZQuoteIdParams } from '@docket/schemas/document';
import { ZEventFromQuoteRequest, ZEventListQuery, ZEventRequest, ZRangeParams, ZRangeQuery } from '@docket/schemas/event';
import { parse } from '../../middleware/validate.ts';
import { currentAccount, currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { isPaged } from '../../lib/paged-request.ts';
import type { CalendarService } from './calendar.service.ts';

const actorOf = (req: Request) => ({ userId: currentUser(req).id, role: currentAccount(req).role });

export function calendarRoutes(service: CalendarService) {
  const router = Router();
  router.get('/', async (req, res) => {
    const user = currentAccount(req);
    const q = parse(ZEventListQuery, req.query);
    sendData(res, isPaged(q) ? await service.page(user.id, q) : await service.list(user.id, q.assignee));
  });
  router.get('/range/:start/:end', async (req, res) => {
    const { start, end } = parse(ZRangeParams, req.params);
    const { assignee } = parse(ZRangeQuery, req.query);
    sendData(res, await service.range(currentAccount(req).id, start, end, assignee));
  });
  router.post('/from-quote/:quoteId', async (req, res) => {
    const { quoteId } = parse(ZQuoteIdParams, req.params);
    const slot = parse(ZEventFromQuoteRequest, req.body);
    sendData(res, await service.fromQuote(currentAccount(req).id, quoteId, slot, actorOf(req)), 201);
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.get(currentAccount(req).id, id));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentAccount(req).id, parse(ZEventRequest, req.body), actorOf(req)), 201);
  });
  router.put('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.update(currentAccount(req).id, id, parse(ZEventRequest, req.body), actorOf(req)));
  });
  router.delete('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    await service.remove(currentAccount(req).id, id, actorOf(req));
    sendData(res, { id });
  });
  return router;
}
