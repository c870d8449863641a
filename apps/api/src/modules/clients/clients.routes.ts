import { ZClientRequest } from '@docket/schemas/client';
import { ZListQuery } from '@docket/schemas/common';
import { crudRoutes } from '../../middleware/crud-routes.ts';
import type { ClientsService } from './clients.service.ts';

export function clientsRoutes(service: ClientsService) {
  return crudRoutes(service, { listQuery: ZListQuery, body: ZClientRequest });
}
