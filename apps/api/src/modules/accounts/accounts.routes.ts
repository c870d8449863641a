import { ZIdParams } from '@docket/schemas/common';
import { ZClientAccount, ZStatementQuery } from '@docket/schemas/client-account';
import { defineRoute, raw, type Route } from '../../http/route.ts';
import type { AccountsService } from './accounts.service.ts';

/** GET /clients/:id/account and /clients/:id/statement?from&to (PDF). */
export function accountsRoutes(service: AccountsService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/clients/:id/account',
      permission: 'read',
      request: { params: ZIdParams },
      response: ZClientAccount,
      handler: ({ accountId, params }) => service.account(accountId, params.id),
    }),
    defineRoute({
      method: 'get',
      path: '/clients/:id/statement',
      permission: 'read',
      request: { params: ZIdParams, query: ZStatementQuery },
      response: raw('application/pdf'),
      handler: async ({ accountId, params, query, res }) => {
        const { fileName, pdf } = await service.statement(accountId, params.id, query.from, query.to);
        res.setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Disposition', `inline; filename="${fileName}"`);
        res.setHeader('Content-Length', String(pdf.length));
        res.end(pdf);
      },
    }),
  ];
}
