import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { timingDummyHash } from './timing-dummy-hash.ts';
import { RESET_MESSAGES, VERIFY_MESSAGES } from '@docket/schemas/email';
import type { Clock } from '../../lib/clock.ts';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { memberName, type TSessionAccount } from '@docket/schemas/account';
import { PASSWORD_MAX_BYTES, type TAuthResult, type TLoginRequest, type TRegisterRequest } from '@docket/schemas/auth';
import { MSG } from '@docket/schemas/messages';
import { AppError } from '../../lib/app-error.ts';
import type { TokenService } from '../../lib/token-service.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { SessionClaim } from '../../cache/session-check.ts';

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

/** At most this many reset links per address an hour (docs/product.md, "Password reset"). */
export const RESET_LINKS_PER_HOUR = 3;
/** At most this many verification emails per account an hour. */
export const VERIFICATIONS_PER_HOUR = 3;

export interface VerificationDeps {
  clock: Clock;
  /** queues the verification email through the outbox; `cap` = at most that many this hour (throws past it) */
  send: (user: { id: string; email: string }, link: string, cap?: number) => Promise<void>;
  linkFor: (token: string) => string;
  /** after the address is verified (unsent verification emails are withdrawn) */
  verified?: (userId: string) => Promise<void>;
  logger: { warn: (obj: object, msg: string) => void };
}

export function createAuthService(repo: AuthRepository, tokens: TokenService, bcryptCost: number, reset?: PasswordResetDeps, verification?: VerificationDeps) {
  const sendVerification = (user: { id: string; email: string }, cap?: number) =>
    verification ? verification.send(user, verification.linkFor(tokens.signVerification(user.id, user.email)), cap) : Promise.resolve();

  type Held = Awaited<ReturnType<AuthRepository['accountsOf']>>[number];
  const sessionAccount = (a: Held): TSessionAccount => ({ id: a.id, name: a.name, role: a.role, engineersSeePrices: a.engineersSeePrices });
  /** A session for the user in `account` (their own account first when none is named). */
  const session = async (
    user: { id: string; email: string; name: string | null; emailVerified: boolean; tokenVersion: number },
    accountId?: string,
  ): Promise<TAuthResult> => {
    const held = await repo.accountsOf(user.id);
    const account = accountId ? held.find((a) => a.id === accountId) : held[0];
    if (accountId && !account) throw AppError.notFound('Account');
    return {
      user: { id: user.id, email: user.email, name: memberName(user.name, user.email), emailVerified: user.emailVerified },
      token: tokens.sign(user.id, user.tokenVersion, account ? { accountId: account.id, sessionKey: account.sessionKey } : undefined),
      ...(account ? { account: sessionAccount(account) } : {}),
    };
  };

  const dummyHash = timingDummyHash(bcryptCost);

  return {
    async register(input: TRegisterRequest): Promise<TAuthResult> {
      assertBcryptLength(input.password);
      if (await repo.findByEmail(input.email)) throw AppError.conflict(ERROR_MESSAGES.emailTaken);
      const hash = await bcrypt.hash(input.password, bcryptCost);
      const user = await repo.create(input.email, hash, input.name);
      if (!user) throw AppError.conflict(ERROR_MESSAGES.emailTaken);
      // The account exists whatever happens to its first link: it can ask for another.
      await sendVerification(user).catch((err: unknown) => verification?.logger.warn({ err, userId: user.id }, 'verification email not queued'));
      return session({ ...user, emailVerified: false, tokenVersion: 0 });
    },

    async login(input: TLoginRequest): Promise<TAuthResult> {
      assertBcryptLength(input.password);
      const found = await repo.findByEmail(input.email);
      const matches = await bcrypt.compare(input.password, found?.passwordHash ?? dummyHash);
      if (!found || !matches) throw AppError.unauthorized(ERROR_MESSAGES.invalidCredentials);
      return session({ id: found.id, email: found.email, name: found.name, emailVerified: found.emailVerifiedAt !== null, tokenVersion: found.tokenVersion });
    },

    /**
     * Same answer whether or not the account exists; only a hash of the token is stored. The
     * email goes out after the answer is decided, so timing does not tell either.
     */
    async forgotPassword(email: string): Promise<{ message: string }> {
      const found = await repo.findByEmail(email);
      // A per-address cap: asking again and again neither floods the inbox nor tells anything.
      const capped = found && reset && (await repo.resetTokensSince(found.id, new Date(reset.clock().getTime() - 3_600_000))) >= RESET_LINKS_PER_HOUR;
      if (found && reset && !capped) {
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

    findSession: (claim: SessionClaim) => repo.findSession(claim),

    async me(id: string, accountId: string | undefined) {
      const user = await repo.findById(id);
      if (!user) throw AppError.unauthorized(ERROR_MESSAGES.invalidCredentials);
      const account = accountId ? (await repo.accountsOf(id)).find((a) => a.id === accountId) : undefined;
      return {
        id: user.id,
        email: user.email,
        name: memberName(user.name, user.email),
        emailVerified: user.emailVerifiedAt !== null,
        ...(account ? { account: sessionAccount(account) } : {}),
      };
    },

    /** PATCH /auth/me: the user's own name (the team sees it on members, history and who did what). */
    async updateProfile(id: string, accountId: string | undefined, name: string) {
      await repo.updateName(id, name, verification?.clock() ?? reset?.clock() ?? new Date());
      return this.me(id, accountId);
    },

    /** GET /accounts: every account the user belongs to, with their role; `current` marks the session's. */
    async accounts(userId: string, currentId: string | undefined) {
      return (await repo.accountsOf(userId)).map((a) => ({ id: a.id, name: a.name, role: a.role, current: a.id === currentId }));
    },

    /** POST /auth/switch: a session for another account of the same user (404 when not a member). */
    async switchTo(userId: string, accountId: string): Promise<TAuthResult> {
      const user = await repo.findById(userId);
      if (!user) throw AppError.unauthorized(ERROR_MESSAGES.sessionExpired);
      const held = await repo.accountsOf(userId);
      if (!held.some((a) => a.id === accountId)) throw AppError.notFound('Account');
      return session(
        { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerifiedAt !== null, tokenVersion: user.tokenVersion },
        accountId,
      );
    },

    /** Opens a verification link; only for the address it was sent to, still the account's. */
    async verifyEmail(token: string): Promise<{ message: string }> {
      const claim = tokens.checkVerification(token);
      const now = verification?.clock() ?? new Date();
      if (!claim || !(await repo.markVerified(claim.userId, claim.email, now))) {
        throw AppError.badRequest(VERIFY_MESSAGES.invalidLink, { token: VERIFY_MESSAGES.invalidLink });
      }
      await verification?.verified?.(claim.userId);
      return { message: VERIFY_MESSAGES.verified };
    },

    async resendVerification(id: string): Promise<{ message: string }> {
      const user = await repo.findById(id);
      if (!user) throw AppError.unauthorized(ERROR_MESSAGES.invalidCredentials);
      if (user.emailVerifiedAt) throw AppError.conflict(VERIFY_MESSAGES.alreadyVerified);
      await sendVerification(user, VERIFICATIONS_PER_HOUR);
      return { message: VERIFY_MESSAGES.sent };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
