import { Router } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { ZQuoteIdParams } from '@docket/schemas/document';
import { ZEventFromQuoteRequest, ZEventListQuery, ZEventRequest, ZRangeParams } from '@docket/schemas/event';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { isPaged } from '../../lib/paged-request.ts';
import type { CalendarService } from './calendar.service.ts';

export function calendarRoutes(service: CalendarService) {
  const router = Router();
  router.get('/', async (req, res) => {
    const user = currentUser(req);
    const q = parse(ZEventListQuery, req.query);
    sendData(res, isPaged(q) ? await service.page(user.id, q) : await service.list(user.id));
  });
  router.get('/range/:start/:end', async (req, res) => {
    const { start, end } = parse(ZRangeParams, req.params);
    sendData(res, await service.range(currentUser(req).id, start, end));
  });
  router.post('/from-quote/:quoteId', async (req, res) => {
    const { quoteId } = parse(ZQuoteIdParams, req.params);
    const slot = parse(ZEventFromQuoteRequest, req.body);
    sendData(res, await service.fromQuote(currentUser(req).id, quoteId, slot), 201);
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.get(currentUser(req).id, id));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentUser(req).id, parse(ZEventRequest, req.body)), 201);
  });
  router.put('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.update(currentUser(req).id, id, parse(ZEventRequest, req.body)));
  });
  router.delete('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    await service.remove(currentUser(req).id, id);
    sendData(res, { id });
  });
  return router;
}
