import { z } from 'zod';
import { ZDeletedAnswer, ZIdParams } from '@docket/schemas/common';
import { ZBankRule, ZBankRuleRequest } from '@docket/schemas/bank';
import { defineRoute, type Route } from '../../http/route.ts';
import type { BankRulesService } from './bank-rules.service.ts';

/** /api/bank-rules (docs/product.md, "Rules"): list, save, delete; a rule is never edited, only replaced. */
export function bankRuleRoutes(service: BankRulesService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/bank-rules',
      permission: 'read',
      response: z.array(ZBankRule),
      handler: ({ accountId }) => service.list(accountId),
    }),
    defineRoute({
      method: 'post',
      path: '/bank-rules',
      permission: 'write',
      request: { body: ZBankRuleRequest },
      response: ZBankRule,
      status: 201,
      handler: ({ accountId, body }) => service.create(accountId, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/bank-rules/:id',
      permission: 'write',
      request: { params: ZIdParams },
      response: ZDeletedAnswer,
      handler: async ({ accountId, params }) => {
        await service.remove(accountId, params.id);
        return { id: params.id };
      },
    }),
  ];
}
