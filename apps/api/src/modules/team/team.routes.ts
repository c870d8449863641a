import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { ZAcceptInvitationRequest, ZAccountSettingsRequest, ZInvitationRequest, ZMemberRoleRequest } from '@docket/schemas/account';
import { ZIdParams } from '@docket/schemas/common';
import { parse } from '../../middleware/validate.ts';
import { currentAccount, currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { TeamService } from './team.service.ts';

const ZNoBody = z.strictObject({});
const ZUserIdParams = z.strictObject({ userId: z.uuid({ error: 'Member not found' }) });
const ZTokenParams = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'This invitation link is invalid') });

/** /api/account: the session's account, its members and invitations (permissions: middleware/permissions.ts). */
export function teamRoutes(service: TeamService, requireUser: RequestHandler) {
  const router = Router();
  router.use(requireUser);
  router.get('/', async (req, res) => {
    const account = currentAccount(req);
    sendData(res, await service.account(account.id, account.role));
  });
  router.patch('/', async (req, res) => {
    const account = currentAccount(req);
    sendData(res, await service.updateAccount(account.id, account.role, parse(ZAccountSettingsRequest, req.body ?? {})));
  });
  router.get('/members', async (req, res) => {
    sendData(res, await service.members(currentAccount(req).id));
  });
  router.patch('/members/:userId', async (req, res) => {
    const { userId } = parse(ZUserIdParams, req.params);
    const { role } = parse(ZMemberRoleRequest, req.body ?? {});
    sendData(res, await service.changeRole(currentAccount(req).id, userId, role));
  });
  router.delete('/members/:userId', async (req, res) => {
    const { userId } = parse(ZUserIdParams, req.params);
    sendData(res, await service.remove(currentAccount(req).id, userId));
  });
  router.get('/invitations', async (req, res) => {
    sendData(res, await service.pending(currentAccount(req).id));
  });
  router.post('/invitations', async (req, res) => {
    sendData(res, await service.invite(currentAccount(req).id, currentUser(req).id, parse(ZInvitationRequest, req.body ?? {})), 201);
  });
  router.post('/invitations/:id/resend', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    parse(ZNoBody, req.body ?? {});
    sendData(res, await service.resend(currentAccount(req).id, currentUser(req).id, id));
  });
  router.delete('/invitations/:id', async (req, res) => {
    const { id } = parse(ZIdParams, req.params);
    sendData(res, await service.cancel(currentAccount(req).id, id));
  });
  router.post('/invitations/:token/accept', async (req, res) => {
    const { token } = parse(ZTokenParams, req.params);
    const { name } = parse(ZAcceptInvitationRequest, req.body ?? {});
    sendData(res, await service.accept(token, currentUser(req), name));
  });
  return router;
}
