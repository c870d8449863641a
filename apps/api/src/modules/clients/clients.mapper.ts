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
  ...(row.peppolScheme && row.peppolId ? { peppolId: { scheme: row.peppolScheme, value: row.peppolId } } : {}),
  // present only when the client has its own terms (docs/product.md, "Payment terms")
  ...(row.paymentTermsDays !== null ? { paymentTermsDays: row.paymentTermsDays } : {}),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
