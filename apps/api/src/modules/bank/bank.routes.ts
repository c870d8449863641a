import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import {
  ZBankAccount,
  ZBankAccountRequest,
  ZBankLine,
  ZBankLinesQuery,
  ZCsvMappingRequest,
  ZExplainRequest,
  ZStatementQuery,
  ZStatementResult,
} from '@docket/schemas/bank';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { defineRoute, type Route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BankService } from './bank.service.ts';

const STATEMENT_MAX = '5mb';
const STATEMENT_TOO_BIG = 'A statement file must be 5 MB or smaller';
const rawStatement = express.raw({ type: () => true, limit: STATEMENT_MAX });

/** /api/bank-accounts and /api/bank-lines (docs/product.md, "Bank accounts and statements"). */
export function bankRoutes(service: BankService): Route[] {
  /** The statement is the file itself: stage `upload` (before the JSON parser), read only behind the session check. */
  const statementBody: RequestHandler = async (req, res, next) => {
    const { id } = parse(ZIdParams, req.params);
    parse(ZStatementQuery, req.query);
    await service.get(currentAccount(req).id, id);
    rawStatement(req, res, (err?: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.too.large') next(AppError.tooLarge(STATEMENT_TOO_BIG));
      else next(err);
    });
  };
  return [
    defineRoute({
      method: 'post',
      path: '/bank-accounts/:id/statements',
      permission: 'write',
      stage: 'upload',
      after: [statementBody],
      request: { params: ZIdParams, query: ZStatementQuery },
      response: ZStatementResult,
      handler: ({ accountId, params, query, req }) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return service.importStatement(accountId, params.id, query, body);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/bank-accounts',
      permission: 'read',
      response: z.array(ZBankAccount),
      handler: ({ accountId }) => service.list(accountId),
    }),
    defineRoute({
      method: 'post',
      path: '/bank-accounts',
      permission: 'write',
      request: { body: ZBankAccountRequest },
      response: ZBankAccount,
      status: 201,
      handler: ({ accountId, body }) => service.create(accountId, body),
    }),
    defineRoute({
      method: 'get',
      path: '/bank-accounts/:id',
      permission: 'read',
      request: { params: ZIdParams },
      response: ZBankAccount,
      handler: ({ accountId, params }) => service.get(accountId, params.id),
    }),
    defineRoute({
      method: 'put',
      path: '/bank-accounts/:id/csv-mapping',
      permission: 'write',
      request: { params: ZIdParams, body: ZCsvMappingRequest },
      response: ZBankAccount,
      handler: ({ accountId, params, body }) => service.saveMapping(accountId, params.id, body.csvMapping),
    }),
    defineRoute({
      method: 'get',
      path: '/bank-accounts/:id/lines',
      permission: 'read',
      request: { params: ZIdParams, query: ZBankLinesQuery },
      response: z.array(ZBankLine),
      handler: ({ accountId, params, query }) => service.lines(accountId, params.id, query.status),
    }),
    /** POST explains a statement line, DELETE undoes it. */
    defineRoute({
      method: 'post',
      path: '/bank-lines/:id/explain',
      permission: 'write',
      request: { params: ZIdParams, body: ZExplainRequest },
      response: ZBankLine,
      handler: ({ accountId, params, body }) => service.explain(accountId, params.id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/bank-lines/:id/explain',
      permission: 'write',
      request: { params: ZIdParams },
      response: ZBankLine,
      handler: ({ accountId, params }) => service.unexplain(accountId, params.id),
    }),
  ];
}
