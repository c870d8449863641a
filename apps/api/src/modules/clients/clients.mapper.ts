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
  // present only when set, so clients without one answer as before (docs/product.md, "CIS")
  ...(row.cisRate === 0 || row.cisRate === 20 || row.cisRate === 30 ? { cisRate: row.cisRate } : {}),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
