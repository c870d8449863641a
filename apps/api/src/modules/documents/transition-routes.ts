import type { Router } from 'express';
import { ZIdParams } from '@docket/schemas/common';
import { parse } from '../../middleware/validate.ts';
import { currentAccount } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';

/** PATCH /:id/<action> for each status action a quote or invoice allows. */
export function transitionRoutes<Action extends string>(
  router: Router,
  actions: readonly Action[],
  transition: (userId: string, id: string, action: Action) => Promise<unknown>,
) {
  for (const action of actions) {
    router.patch(`/:id/${action}`, async (req, res) => {
      const { id } = parse(ZIdParams, req.params);
      sendData(res, await transition(currentAccount(req).id, id, action));
    });
  }
  return router;
}
