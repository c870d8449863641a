import { Router, type RequestHandler } from 'express';
import { ZLoginRequest, ZRegisterRequest } from '@docket/schemas/auth';
import { ZForgotPasswordRequest, ZResetPasswordRequest, ZVerifyEmailRequest } from '@docket/schemas/email';
import { z } from 'zod';
import { ZProfileRequest, ZSwitchRequest } from '@docket/schemas/account';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { AuthService } from './auth.service.ts';

/**
 * `resetLimiter`: the emailed links' own per-IP bucket (forgot-password, verify-email), so asking
 * for reset links cannot lock an IP out of sign-in.
 */
const ZNoBody = z.strictObject({});

export function authRoutes(service: AuthService, guards: { authLimiter: RequestHandler; resetLimiter: RequestHandler; authenticate: RequestHandler }) {
  const router = Router();
  router.post('/register', guards.authLimiter, async (req, res) => {
    sendData(res, await service.register(parse(ZRegisterRequest, req.body)), 201);
  });
  router.post('/login', guards.authLimiter, async (req, res) => {
    sendData(res, await service.login(parse(ZLoginRequest, req.body)));
  });
  router.post('/forgot-password', guards.resetLimiter, async (req, res) => {
    const { email } = parse(ZForgotPasswordRequest, req.body);
    sendData(res, await service.forgotPassword(email), 202);
  });
  router.post('/reset-password', guards.authLimiter, async (req, res) => {
    const { token, password } = parse(ZResetPasswordRequest, req.body);
    sendData(res, await service.resetPassword(token, password));
  });
  router.get('/me', guards.authenticate, async (req, res) => {
    sendData(res, await service.me(currentUser(req).id, req.account?.id));
  });
  router.patch('/me', guards.authenticate, async (req, res) => {
    const { name } = parse(ZProfileRequest, req.body ?? {});
    sendData(res, await service.updateProfile(currentUser(req).id, req.account?.id, name));
  });
  router.post('/verify-email', guards.resetLimiter, async (req, res) => {
    const { token } = parse(ZVerifyEmailRequest, req.body);
    sendData(res, await service.verifyEmail(token));
  });
  router.post('/resend-verification', guards.authenticate, async (req, res) => {
    parse(ZNoBody, req.body ?? {});
    sendData(res, await service.resendVerification(currentUser(req).id), 202);
  });
  router.post('/switch', guards.authenticate, async (req, res) => {
    const { accountId } = parse(ZSwitchRequest, req.body ?? {});
    sendData(res, await service.switchTo(currentUser(req).id, accountId));
  });
  return router;
}

/** GET /api/accounts: the signed-in user's accounts with their role. */
export function accountsListRoutes(service: AuthService, requireUser: RequestHandler) {
  const router = Router();
  router.get('/accounts', requireUser, async (req, res) => {
    sendData(res, await service.accounts(currentUser(req).id, req.account?.id));
  });
  return router;
}
