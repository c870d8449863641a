import { ERROR_MESSAGES } from '@docket/schemas/errors';
import type { TListQuery } from '@docket/schemas/common';
import type { CountedLimit } from '../documents/create-guard.ts';
import { AppError } from '../../lib/app-error.ts';
import { toPage } from '../../lib/pagination.ts';
import type { Answer } from '../../lib/json-text.ts';
import type { TClient } from '@docket/schemas/client';
import type { TPage } from '@docket/schemas/common';
import type { KeptAnswer } from '../../cache/answer-cache.ts';
import { firstPageName } from '../documents/document-list-shape.ts';
import type { ClientFields, ClientsRepository } from './clients.repository.ts';
import { toClientDto } from './clients.mapper.ts';

export interface ClientsServiceDeps {
  /** the plan's client limit, counted by the insert under the account's lock (null: the plan sets none) */
  clientLimit: (userId: string) => CountedLimit | null;
  /** the first page of the list is kept per account version (docs/product.md, "Kept answers") */
  kept: KeptAnswer;
}

export function createClientsService(repo: ClientsRepository, deps: ClientsServiceDeps) {
  return {
    async list(userId: string): Promise<TClient[]> {
      return (await repo.list(userId)).map(toClientDto);
    },
    async page(userId: string, q: TListQuery & { limit: number }): Promise<Answer<TPage<TClient>>> {
      const workOut = async () => toPage(await repo.list(userId, q), q.limit, toClientDto);
      const kept = firstPageName('clients', q);
      return kept ? deps.kept(userId, kept, workOut) : workOut();
    },
    async get(userId: string, id: string): Promise<TClient> {
      const row = await repo.get(userId, id);
      if (!row) throw AppError.notFound('Client');
      return toClientDto(row);
    },
    async create(userId: string, fields: ClientFields) {
      return toClientDto(await repo.create(userId, fields, deps.clientLimit(userId)));
    },
    async update(userId: string, id: string, fields: ClientFields) {
      const row = await repo.update(userId, id, fields);
      if (!row) throw AppError.notFound('Client');
      return toClientDto(row);
    },
    async remove(userId: string, id: string) {
      const outcome = await repo.deleteIfUnused(userId, id);
      if (outcome === 'missing') throw AppError.notFound('Client');
      if (outcome === 'in-use') throw AppError.conflict(ERROR_MESSAGES.clientInUse);
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
