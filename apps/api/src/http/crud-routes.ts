import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { ZDeletedAnswer, ZIdParams, ZListAnswer, type TListQuery } from '@docket/schemas/common';
import type { TPermission } from '@docket/schemas/account';
import { defineRoute, type Route } from './route.ts';
import { isPaged } from '../lib/paged-request.ts';

/** What a module's service offers for the get/create/update/delete routes of one record. */
export interface RecordService<Body> {
  get(userId: string, id: string): Promise<unknown>;
  create(userId: string, body: Body): Promise<unknown>;
  update(userId: string, id: string, body: Body): Promise<unknown>;
  remove(userId: string, id: string): Promise<unknown>;
}

/** What a module's service offers for the plain list/get/create/update/delete routes. */
export interface CrudService<Query extends TListQuery, Body> extends RecordService<Body> {
  list(userId: string): Promise<unknown>;
  page(userId: string, q: Query & { limit: number }): Promise<unknown>;
}

export interface CrudSchemas<Query extends z.ZodType<TListQuery>, Body extends z.ZodType> {
  listQuery: Query;
  body: Body;
  /** the schema of one record in an answer */
  record: z.ZodType;
  /** run before the session check on GET {base} (kept answers) */
  listFirst?: RequestHandler[];
  /** GET {base} and GET {base}/:id read through cache/session-read.ts: the session is checked in that read (route.ts, `sessionInQuery`) */
  sessionInQuery?: boolean;
  /** POST {base}'s service reads through cache/session-read.ts before it writes anything: the session is checked in that read */
  sessionInCreate?: boolean;
}

/** The permission each of the four record routes needs (http/route.ts, `Access`). */
export interface RecordPermissions {
  get: TPermission;
  create: TPermission;
  update: TPermission;
  remove: TPermission;
}

/** The permission each of the five routes needs (http/route.ts, `Access`). */
export interface CrudPermissions extends RecordPermissions {
  list: TPermission;
}

/**
 * GET {base} (plain array, or a page when any list parameter is given), GET {base}/:id, POST {base}
 * (201), PUT {base}/:id and DELETE {base}/:id (answers {id}); each behind its permission, exact paths.
 */
export function crudRoutes<Query extends z.ZodType<TListQuery>, Body extends z.ZodType>(
  base: string,
  service: CrudService<z.output<Query>, z.output<Body>>,
  schemas: CrudSchemas<Query, Body>,
  permissions: CrudPermissions,
): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: base,
      permission: permissions.list,
      before: schemas.listFirst,
      sessionInQuery: schemas.sessionInQuery,
      request: { query: schemas.listQuery },
      response: ZListAnswer(schemas.record),
      handler: async ({ accountId, query }) => {
        const id = accountId;
        const q = query as z.output<Query>;
        return isPaged(q) ? await service.page(id, q) : await service.list(id);
      },
    }),
    ...recordRoutes(base, service, schemas, permissions),
  ];
}

/**
 * GET {base}/:id, POST {base} (201), PUT {base}/:id and DELETE {base}/:id (answers {id}): one
 * record's routes, for modules whose list is not the plain one (crudRoutes has both).
 */
export function recordRoutes<Body extends z.ZodType>(
  base: string,
  service: RecordService<z.output<Body>>,
  schemas: { body: Body; record: z.ZodType; sessionInQuery?: boolean; sessionInCreate?: boolean },
  permissions: RecordPermissions,
): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: `${base}/:id`,
      permission: permissions.get,
      sessionInQuery: schemas.sessionInQuery,
      request: { params: ZIdParams },
      response: schemas.record,
      handler: ({ accountId, params }) => service.get(accountId, params.id),
    }),
    defineRoute({
      method: 'post',
      path: base,
      permission: permissions.create,
      sessionInQuery: schemas.sessionInCreate,
      request: { body: schemas.body },
      response: schemas.record,
      status: 201,
      handler: ({ accountId, body }) => service.create(accountId, body as z.output<Body>),
    }),
    defineRoute({
      method: 'put',
      path: `${base}/:id`,
      permission: permissions.update,
      request: { params: ZIdParams, body: schemas.body },
      response: schemas.record,
      handler: ({ accountId, params, body }) => service.update(accountId, params.id, body as z.output<Body>),
    }),
    defineRoute({
      method: 'delete',
      path: `${base}/:id`,
      permission: permissions.remove,
      request: { params: ZIdParams },
      response: ZDeletedAnswer,
      handler: async ({ accountId, params }) => {
        await service.remove(accountId, params.id);
        return { id: params.id };
      },
    }),
  ];
}
