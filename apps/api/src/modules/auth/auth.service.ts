import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { RESET_MESSAGES } from '@docket/schemas/email';
import type { Clock } from '../../lib/clock.ts';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { PASSWORD_MAX_BYTES, type TAuthResult, type TLoginRequest, type TRegisterRequest } from '@docket/schemas/auth';
import { MSG } from '@docket/schemas/messages';
import { AppError } from '../../lib/app-error.ts';
import type { TokenService } from '../../lib/token-service.ts';
import type { AuthRepository } from './auth.repository.ts';

/** bcrypt would silently compare only the first 72 bytes (docs/product.md, "Passwords"). */
function assertBcryptLength(password: string) {
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    throw AppError.badRequest(MSG.passwordBytesMax, { password: MSG.passwordBytesMax });
  }
}

/** One hour (docs/product.md, "Password reset"). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface PasswordResetDeps {
  clock: Clock;
  /** emails the link; must not throw for a delivery problem (the answer never changes) */
  sendResetLink: (user: { id: string; email: string }, link: string) => Promise<void>;
  linkFor: (token: string) => string;
}

export function createAuthService(repo: AuthRepository, tokens: TokenService, bcryptCost: number, reset?: PasswordResetDeps) {
  // Compared against when the email is unknown, so both failures take the same time.
  const dummyHash = bcrypt.hash('docket-timing-equaliser', bcryptCost);

  return {
    async register(input: TRegisterRequest): Promise<TAuthResult> {
      assertBcryptLength(input.password);
      if (await repo.findByEmail(input.email)) throw AppError.conflict(ERROR_MESSAGES.emailTaken);
      const hash = await bcrypt.hash(input.password, bcryptCost);
      const user = await repo.create(input.email, hash);
      if (!user) throw AppError.conflict(ERROR_MESSAGES.emailTaken);
      return { user, token: tokens.sign(user.id, 0) };
    },

    async login(input: TLoginRequest): Promise<TAuthResult> {
      assertBcryptLength(input.password);
      const found = await repo.findByEmail(input.email);
      const matches = await bcrypt.compare(input.password, found?.passwordHash ?? (await dummyHash));
      if (!found || !matches) throw AppError.unauthorized(ERROR_MESSAGES.invalidCredentials);
      return { user: { id: found.id, email: found.email }, token: tokens.sign(found.id, found.tokenVersion) };
    },

    /**
     * Same answer whether or not the account exists; only a hash of the token is stored. The
     * email goes out after the answer is decided, so timing does not tell either.
     */
    async forgotPassword(email: string): Promise<{ message: string }> {
      const found = await repo.findByEmail(email);
      if (found && reset) {
        const token = randomBytes(32).toString('base64url');
        await repo.createResetToken(found.id, hashToken(token), new Date(reset.clock().getTime() + RESET_TOKEN_TTL_MS));
        void reset.sendResetLink({ id: found.id, email: found.email }, reset.linkFor(token)).catch(() => undefined);
      }
      return { message: RESET_MESSAGES.accepted };
    },

    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      assertBcryptLength(password);
      const hash = await bcrypt.hash(password, bcryptCost);
      const user = reset ? await repo.consumeResetToken(hashToken(token), reset.clock(), hash) : null;
      if (!user) throw AppError.badRequest(RESET_MESSAGES.invalidLink, { token: RESET_MESSAGES.invalidLink });
      return { message: RESET_MESSAGES.done };
    },

    findUser: (id: string) => repo.findById(id),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
