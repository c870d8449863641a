import type { TClient } from '@docket/schemas/client';
import type { ClientRow } from './clients.repository.ts';

export const toClientDto = (row: ClientRow): TClient => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  isBusiness: row.isBusiness,
  vatNumber: row.vatNumber,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
