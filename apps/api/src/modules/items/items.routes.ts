import { Router } from 'express';
import { ZItemRequest } from '@docket/schemas/item';
import { ZIdParams, ZListQuery } from '@docket/schemas/common';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import { isPaged } from '../../lib/paged-request.ts';
import type { ItemsService } from './items.service.ts';

export function itemsRoutes(service: ItemsService) {
  const router = Router();
  router.get('/', async (req, res) => {
    const user = currentUser(req);
    const q = parse(ZListQuery, req.query);
    sendData(res, isPaged(q) ? await service.page(user.id, q) : await service.list(user.id));
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.get(currentUser(req).id, id));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentUser(req).id, parse(ZItemRequest, req.body)), 201);
  });
  router.put('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.update(currentUser(req).id, id, parse(ZItemRequest, req.body)));
  });
  router.delete('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    await service.remove(currentUser(req).id, id);
    sendData(res, { id });
  });
  return router;
}
