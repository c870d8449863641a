import { ZItem, ZItemRequest } from '@docket/schemas/item';
import { ZListQuery } from '@docket/schemas/common';
import { crudRoutes } from '../../http/crud-routes.ts';
import type { Route } from '../../http/route.ts';
import type { ItemsService } from './items.service.ts';

export function itemsRoutes(service: ItemsService): Route[] {
  return crudRoutes(
    '/items',
    service,
    { listQuery: ZListQuery, body: ZItemRequest, record: ZItem },
    // Engineers read the price list; only the office changes it.
    { list: 'field-read', get: 'field-read', create: 'write', update: 'write', remove: 'write' },
  );
}
