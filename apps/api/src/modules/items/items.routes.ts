import { ZItemRequest } from '@docket/schemas/item';
import { ZListQuery } from '@docket/schemas/common';
import { crudRoutes } from '../../middleware/crud-routes.ts';
import type { ItemsService } from './items.service.ts';

export function itemsRoutes(service: ItemsService) {
  return crudRoutes(service, { listQuery: ZListQuery, body: ZItemRequest });
}
