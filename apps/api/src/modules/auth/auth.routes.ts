import type { RequestHandler } from 'express';
import { ZAuthResult, ZLoginRequest, ZMe, ZRegisterRequest } from '@docket/schemas/auth';
import { ZForgotPasswordRequest, ZResetPasswordRequest, ZVerifyEmailRequest } from '@docket/schemas/email';
import { z } from 'zod';
import { ZAccountSummary, ZProfileRequest, ZSwitchRequest } from '@docket/schemas/account';
import { ZMessageAnswer } from '@docket/schemas/common';
import { defineRoute, type Route } from '../../http/route.ts';
import type { AuthService } from './auth.service.ts';

const ZNoBody = z.strictObject({});

/**
 * /auth and GET /accounts. `resetLimiter`: the emailed links' own per-IP bucket (forgot-password,
 * verify-email), so asking for reset links cannot lock an IP out of sign-in.
 */
export function authRoutes(service: AuthService, guards: { authLimiter: RequestHandler; resetLimiter: RequestHandler }): Route[] {
  const { authLimiter, resetLimiter } = guards;
  return [
    defineRoute({
      method: 'post',
      path: '/auth/register',
      auth: 'public',
      before: [authLimiter],
      request: { body: ZRegisterRequest },
      response: ZAuthResult,
      status: 201,
      handler: ({ body }) => service.register(body),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/login',
      auth: 'public',
      before: [authLimiter],
      request: { body: ZLoginRequest },
      response: ZAuthResult,
      handler: ({ body }) => service.login(body),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/forgot-password',
      auth: 'public',
      before: [resetLimiter],
      request: { body: ZForgotPasswordRequest },
      response: ZMessageAnswer,
      status: 202,
      handler: ({ body }) => service.forgotPassword(body.email),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/reset-password',
      auth: 'public',
      before: [authLimiter],
      request: { body: ZResetPasswordRequest },
      response: ZMessageAnswer,
      handler: ({ body }) => service.resetPassword(body.token, body.password),
    }),
    defineRoute({
      method: 'get',
      path: '/auth/me',
      permission: 'self',
      response: ZMe,
      handler: ({ user, req }) => service.me(user.id, req.account?.id),
    }),
    defineRoute({
      method: 'patch',
      path: '/auth/me',
      permission: 'self',
      request: { body: ZProfileRequest },
      response: ZMe,
      handler: ({ user, req, body }) => service.updateProfile(user.id, req.account?.id, body.name),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/verify-email',
      auth: 'public',
      before: [resetLimiter],
      request: { body: ZVerifyEmailRequest },
      response: ZMessageAnswer,
      handler: ({ body }) => service.verifyEmail(body.token),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/resend-verification',
      permission: 'self',
      request: { body: ZNoBody },
      response: ZMessageAnswer,
      status: 202,
      handler: ({ user }) => service.resendVerification(user.id),
    }),
    defineRoute({
      method: 'post',
      path: '/auth/switch',
      permission: 'self',
      request: { body: ZSwitchRequest },
      response: ZAuthResult,
      handler: ({ user, body }) => service.switchTo(user.id, body.accountId),
    }),
    /** the signed-in user's accounts with their role */
    defineRoute({
      method: 'get',
      path: '/accounts',
      permission: 'self',
      response: z.array(ZAccountSummary),
      handler: ({ user, req }) => service.accounts(user.id, req.account?.id),
    }),
  ];
}
