import { ERROR_MESSAGES } from '@docket/schemas/errors';
import type { TListQuery } from '@docket/schemas/common';
import { AppError } from '../../lib/app-error.ts';
import { toPageText } from '../../lib/pagination.ts';
import { arrayText, type JsonText } from '../../lib/json-text.ts';
import { firstPageName, type KeptAnswer } from '../documents/kept-answer.ts';
import type { ClientFields, ClientsRepository } from './clients.repository.ts';
import { toClientDto } from './clients.mapper.ts';

export interface ClientsServiceDeps {
  assertCanCreateClient: (userId: string) => Promise<void>;
  /** the first page of the list is kept per account version (docs/product.md, "Kept answers") */
  kept: KeptAnswer;
}

export function createClientsService(repo: ClientsRepository, deps: ClientsServiceDeps) {
  return {
    // The lists answer JSON text PostgreSQL wrote (client-answer-json.ts), the same bytes toClientDto would give.
    async list(userId: string): Promise<JsonText> {
      return arrayText(await repo.listAnswers(userId), 'clients');
    },
    async page(userId: string, q: TListQuery & { limit: number }): Promise<JsonText> {
      const workOut = async () => toPageText(await repo.listAnswers(userId, q), q.limit, 'clients');
      const kept = firstPageName('clients', q);
      return kept ? deps.kept(userId, kept, workOut) : workOut();
    },
    async get(userId: string, id: string) {
      const row = await repo.get(userId, id);
      if (!row) throw AppError.notFound('Client');
      return toClientDto(row);
    },
    async create(userId: string, fields: ClientFields) {
      await deps.assertCanCreateClient(userId);
      return toClientDto(await repo.create(userId, fields));
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
