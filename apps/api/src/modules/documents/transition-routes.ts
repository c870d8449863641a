import type { z } from 'zod';
import { ZIdParams } from '@docket/schemas/common';
import { defineRoute, type Route } from '../../http/route.ts';

/** PATCH {base}/:id/<action> for each status action a quote or invoice allows (`write`); each answers the document. */
export function transitionRoutes<Action extends string>(
  base: string,
  actions: readonly Action[],
  transition: (userId: string, id: string, action: Action) => Promise<unknown>,
  response: z.ZodType,
): Route[] {
  return actions.map((action) =>
    defineRoute({
      method: 'patch',
      path: `${base}/:id/${action}`,
      permission: 'write',
      request: { params: ZIdParams },
      response,
      handler: ({ accountId, params }) => transition(accountId, params.id, action),
    }),
  );
}
