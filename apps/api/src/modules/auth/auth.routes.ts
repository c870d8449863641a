import { Router, type RequestHandler } from 'express';
import { ZLoginRequest, ZRegisterRequest } from '@docket/schemas/auth';
import { ZForgotPasswordRequest, ZResetPasswordRequest } from '@docket/schemas/email';
import { parse } from '../../middleware/validate.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { sendData } from '../../lib/respond.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(service: AuthService, guards: { authLimiter: RequestHandler; authenticate: RequestHandler }) {
  const router = Router();
  router.post('/register', guards.authLimiter, async (req, res) => {
    sendData(res, await service.register(parse(ZRegisterRequest, req.body)), 201);
  });
  router.post('/login', guards.authLimiter, async (req, res) => {
    sendData(res, await service.login(parse(ZLoginRequest, req.body)));
  });
  router.post('/forgot-password', guards.authLimiter, async (req, res) => {
    const { email } = parse(ZForgotPasswordRequest, req.body);
    sendData(res, await service.forgotPassword(email), 202);
  });
  router.post('/reset-password', guards.authLimiter, async (req, res) => {
    const { token, password } = parse(ZResetPasswordRequest, req.body);
    sendData(res, await service.resetPassword(token, password));
  });
  router.get('/me', guards.authenticate, (req, res) => {
    const { id, email } = currentUser(req);
    sendData(res, { id, email });
  });
  return router;
}
