import type { TItem } from '@docket/schemas/item';
import type { TListQuery, TPage } from '@docket/schemas/common';
import { poundsToPence, penceToPounds } from '@docket/schemas/money';
import type { z } from 'zod';
import type { ZItemRequest } from '@docket/schemas/item';
import { AppError } from '../../lib/app-error.ts';
import { toPage } from '../../lib/pagination.ts';
import type { ItemRow, ItemsRepository } from './items.repository.ts';

type ItemInput = z.output<typeof ZItemRequest>;

const toItemDto = (row: ItemRow): TItem => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: penceToPounds(row.pricePence),
  ...(row.vat ? { vat: row.vat } : {}),
  ...(row.kind ? { kind: row.kind } : {}),
  ...(row.unit ? { unit: row.unit } : {}),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const toFields = (i: ItemInput) => ({
  name: i.name,
  description: i.description,
  pricePence: poundsToPence(i.price),
  vat: i.vat ?? null,
  kind: i.kind ?? null,
  unit: i.unit ?? null,
});

export function createItemsService(repo: ItemsRepository) {
  return {
    list: async (userId: string): Promise<TItem[]> => (await repo.list(userId)).map(toItemDto),
    page: async (userId: string, q: TListQuery & { limit: number }): Promise<TPage<TItem>> => toPage(await repo.list(userId, q), q.limit, toItemDto),
    async get(userId: string, id: string) {
      const row = await repo.get(userId, id);
      if (!row) throw AppError.notFound('Item');
      return toItemDto(row);
    },
    create: async (userId: string, input: ItemInput) => toItemDto(await repo.create(userId, toFields(input))),
    async update(userId: string, id: string, input: ItemInput) {
      const row = await repo.update(userId, id, toFields(input));
      if (!row) throw AppError.notFound('Item');
      return toItemDto(row);
    },
    async remove(userId: string, id: string) {
      if (!(await repo.remove(userId, id))) throw AppError.notFound('Item');
    },
  };
}
export type ItemsService = ReturnType<typeof createItemsService>;
