import type { RequestHandler } from 'express';
import { ZClient, ZClientRequest } from '@docket/schemas/client';
import { ZListQuery } from '@docket/schemas/common';
import { crudRoutes } from '../../http/crud-routes.ts';
import type { Route } from '../../http/route.ts';
import type { ClientsService } from './clients.service.ts';

/** /clients: list, get, create, update, delete; `listFirst` answers a kept first page before the session check. */
export function clientsRoutes(service: ClientsService, listFirst: RequestHandler[] = []): Route[] {
  return crudRoutes(
    '/clients',
    service,
    { listQuery: ZListQuery, body: ZClientRequest, record: ZClient, listFirst, sessionInQuery: true },
    // Engineers read clients and add them on site; changing or deleting one is the office's.
    { list: 'field-read', get: 'field-read', create: 'field-write', update: 'write', remove: 'write' },
  );
}
