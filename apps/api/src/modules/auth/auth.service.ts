import bcrypt from 'bcryptjs';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { PASSWORD_MAX_BYTES, type TAuthResult, type TLoginRequest, type TRegisterRequest, type TUser } from '@docket/schemas/auth';
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

export function createAuthService(repo: AuthRepository, tokens: TokenService, bcryptCost: number) {
  // Compared against when the email is unknown, so both failures take the same time.
  const dummyHash = bcrypt.hash('docket-timing-equaliser', bcryptCost);

  return {
    async register(input: TRegisterRequest): Promise<TAuthResult> {
      assertBcryptLength(input.password);
      if (await repo.findByEmail(input.email)) throw AppError.conflict(ERROR_MESSAGES.emailTaken);
      const hash = await bcrypt.hash(input.password, bcryptCost);
      const user = await repo.create(input.email, hash);
      if (!user) throw AppError.conflict(ERROR_MESSAGES.emailTaken);
      return { user, token: tokens.sign(user.id) };
    },

    async login(input: TLoginRequest): Promise<TAuthResult> {
      assertBcryptLength(input.password);
      const found = await repo.findByEmail(input.email);
      const matches = await bcrypt.compare(input.password, found?.passwordHash ?? (await dummyHash));
      if (!found || !matches) throw AppError.unauthorized(ERROR_MESSAGES.invalidCredentials);
      return { user: { id: found.id, email: found.email }, token: tokens.sign(found.id) };
    },

    findUser: (id: string): Promise<TUser | null> => repo.findById(id),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
