import { Router } from 'express';
import type { z } from 'zod';
import { ZIdParams, type TListQuery } from '@docket/schemas/common';
import { parse } from './validate.ts';
import { currentAccount } from './authenticate.ts';
import { sendData } from '../lib/respond.ts';
import { isPaged } from '../lib/paged-request.ts';

/** What a module's service offers for the plain list/get/create/update/delete wiring. */
export interface CrudService<Query extends TListQuery, Body> {
  list(userId: string): Promise<unknown>;
  page(userId: string, q: Query & { limit: number }): Promise<unknown>;
  get(userId: string, id: string): Promise<unknown>;
  create(userId: string, body: Body): Promise<unknown>;
  update(userId: string, id: string, body: Body): Promise<unknown>;
  remove(userId: string, id: string): Promise<unknown>;
}

export interface CrudSchemas<Query extends z.ZodType<TListQuery>, Body extends z.ZodType> {
  listQuery: Query;
  body: Body;
}

/**
 * GET / (plain array, or a page when any list parameter is given), GET /:id, POST / (201),
 * PUT /:id and DELETE /:id (answers {id}). Only exact paths, so a module adds its own beside them.
 */
export function crudRoutes<Query extends z.ZodType<TListQuery>, Body extends z.ZodType>(
  service: CrudService<z.output<Query>, z.output<Body>>,
  schemas: CrudSchemas<Query, Body>,
  router = Router(),
) {
  router.get('/', async (req, res) => {
    const user = currentAccount(req);
    const q = parse(schemas.listQuery, req.query);
    sendData(res, isPaged(q) ? await service.page(user.id, q) : await service.list(user.id));
  });
  router.get('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.get(currentAccount(req).id, id));
  });
  router.post('/', async (req, res) => {
    sendData(res, await service.create(currentAccount(req).id, parse(schemas.body, req.body)), 201);
  });
  router.put('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.update(currentAccount(req).id, id, parse(schemas.body, req.body)));
  });
  router.delete('/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    await service.remove(currentAccount(req).id, id);
    sendData(res, { id });
  });
  return router;
}
