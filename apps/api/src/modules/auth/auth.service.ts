import bcrypt from 'bcryptjs';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import type { TAuthResult, TLoginRequest, TRegisterRequest, TUser } from '@docket/schemas/auth';
import { AppError } from '../../lib/app-error.ts';
import type { TokenService } from '../../lib/token-service.ts';
import type { AuthRepository } from './auth.repository.ts';

export function createAuthService(repo: AuthRepository, tokens: TokenService, bcryptCost: number) {
  // Compared against when the email is unknown, so both failures take the same time.
  const dummyHash = bcrypt.hash('docket-timing-equaliser', bcryptCost);

  return {
    async register(input: TRegisterRequest): Promise<TAuthResult> {
      if (await repo.findByEmail(input.email)) throw AppError.conflict(ERROR_MESSAGES.emailTaken);
      const hash = await bcrypt.hash(input.password, bcryptCost);
      const user = await repo.create(input.email, hash);
      if (!user) throw AppError.conflict(ERROR_MESSAGES.emailTaken);
      return { user, token: tokens.sign(user.id) };
    },

    async login(input: TLoginRequest): Promise<TAuthResult> {
      const found = await repo.findByEmail(input.email);
      const matches = await bcrypt.compare(input.password, found?.passwordHash ?? (await dummyHash));
      if (!found || !matches) throw AppError.unauthorized(ERROR_MESSAGES.invalidCredentials);
      return { user: { id: found.id, email: found.email }, token: tokens.sign(found.id) };
    },

    findUser: (id: string): Promise<TUser | null> => repo.findById(id),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
