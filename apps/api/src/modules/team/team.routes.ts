import { z } from 'zod';
import {
  ZAcceptInvitationRequest,
  ZAccount,
  ZAccountSettingsRequest,
  ZDeleteAccountRequest,
  ZInvitation,
  ZInvitationRequest,
  ZJoined,
  ZMember,
  ZMemberRoleRequest,
} from '@docket/schemas/account';
import { ZIdParams } from '@docket/schemas/common';
import { currentAccount } from '../../middleware/authenticate.ts';
import { defineRoute, type Route } from '../../http/route.ts';
import type { TeamService } from './team.service.ts';

const ZNoBody = z.strictObject({});
const ZUserIdParams = z.strictObject({ userId: z.uuid({ error: 'Member not found' }) });
const ZTokenParams = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'This invitation link is invalid') });

/** /api/account: the session's account, its members and invitations (the permission beside each route: reading the members is `read`; changing them, the invitations and deleting the account, `team`: owners only). */
export function teamRoutes(service: TeamService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/account',
      permission: 'field-read',
      response: ZAccount,
      handler: ({ req }) => {
        const account = currentAccount(req);
        return service.account(account.id, account.role);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/account',
      permission: 'write',
      request: { body: ZAccountSettingsRequest },
      response: ZAccount,
      handler: ({ req, body }) => {
        const account = currentAccount(req);
        return service.updateAccount(account.id, account.role, body);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/account',
      permission: 'team',
      request: { body: ZDeleteAccountRequest },
      response: z.strictObject({ id: z.uuid() }),
      handler: ({ accountId, body }) => service.deleteAccount(accountId, body.confirm),
    }),
    defineRoute({
      method: 'get',
      path: '/account/members',
      permission: 'read',
      response: z.array(ZMember),
      handler: ({ accountId }) => service.members(accountId),
    }),
    defineRoute({
      method: 'patch',
      path: '/account/members/:userId',
      permission: 'team',
      request: { params: ZUserIdParams, body: ZMemberRoleRequest },
      response: ZMember,
      handler: ({ accountId, params, body }) => service.changeRole(accountId, params.userId, body.role),
    }),
    defineRoute({
      method: 'delete',
      path: '/account/members/:userId',
      permission: 'team',
      request: { params: ZUserIdParams },
      response: z.strictObject({ userId: z.uuid() }),
      handler: ({ accountId, params }) => service.remove(accountId, params.userId),
    }),
    defineRoute({
      method: 'get',
      path: '/account/invitations',
      permission: 'team',
      response: z.array(ZInvitation),
      handler: ({ accountId }) => service.pending(accountId),
    }),
    defineRoute({
      method: 'post',
      path: '/account/invitations',
      permission: 'team',
      request: { body: ZInvitationRequest },
      response: ZInvitation,
      status: 201,
      handler: ({ accountId, user, body }) => service.invite(accountId, user.id, body),
    }),
    defineRoute({
      method: 'post',
      path: '/account/invitations/:id/resend',
      permission: 'team',
      request: { params: ZIdParams, body: ZNoBody },
      response: ZInvitation,
      handler: ({ accountId, user, params }) => service.resend(accountId, user.id, params.id),
    }),
    defineRoute({
      method: 'delete',
      path: '/account/invitations/:id',
      permission: 'team',
      request: { params: ZIdParams },
      response: z.strictObject({ id: z.uuid() }),
      handler: ({ accountId, params }) => service.cancel(accountId, params.id),
    }),
    defineRoute({
      method: 'post',
      path: '/account/invitations/:token/accept',
      permission: 'self',
      request: { params: ZTokenParams, body: ZAcceptInvitationRequest },
      response: ZJoined,
      handler: ({ user, params, body }) => service.accept(params.token, user, body.name),
    }),
  ];
}
