import { createHash, randomBytes } from 'node:crypto';
import { memberName, ROLE_MESSAGES, type TInvitation, type TInvitationRequest, type TMember, type TRole } from '@docket/schemas/account';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { InvitationRow, TeamRepository } from './team.repository.ts';

/** An invitation link works for 7 days (docs/product.md, "Accounts and roles"). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TeamDeps {
  clock: Clock;
  /** queues the invitation email through the outbox */
  send: (accountId: string, to: string, link: string, accountName: string, actorUserId: string) => Promise<void>;
  linkFor: (token: string) => string;
}

export function createTeamService(repo: TeamRepository, deps: TeamDeps) {
  const shown = (row: InvitationRow, url?: string, invitedBy?: string | null): TInvitation => ({
    id: row.id,
    email: row.email,
    role: row.role as TRole,
    ...(url ? { url } : {}),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    ...(invitedBy !== undefined ? { invitedBy } : {}),
  });
  const accountName = async (accountId: string) => (await repo.account(accountId))?.name ?? 'Docket';
  const newToken = () => {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: hashToken(token), expiresAt: new Date(deps.clock().getTime() + INVITATION_TTL_MS) };
  };

  return {
    async account(accountId: string, role: TRole) {
      const row = await repo.account(accountId);
      if (!row) throw AppError.notFound('Account');
      return { ...row, role };
    },
    async updateAccount(accountId: string, role: TRole, set: { name?: string; engineersSeePrices?: boolean }) {
      await repo.updateAccount(accountId, set, deps.clock());
      return this.account(accountId, role);
    },
    /** Deletes the business and all it holds, once the owner has typed its name (docs/product.md, "Accounts and roles"). */
    async deleteAccount(accountId: string, confirm: string) {
      const row = await repo.account(accountId);
      if (!row) throw AppError.notFound('Account');
      if (confirm.trim() !== row.name.trim()) throw AppError.badRequest(ROLE_MESSAGES.deleteConfirm, { confirm: ROLE_MESSAGES.deleteConfirm });
      if (!(await repo.deleteAccount(accountId))) throw AppError.notFound('Account');
      return { id: accountId };
    },
    async members(accountId: string): Promise<TMember[]> {
      return (await repo.members(accountId)).map((m) => ({ userId: m.userId, email: m.email, name: memberName(m.name, m.email), role: m.role }));
    },
    async changeRole(accountId: string, userId: string, role: TRole): Promise<TMember> {
      const outcome = await repo.changeRole(accountId, userId, role);
      if (!outcome) throw AppError.notFound('Member');
      if (outcome === 'last-owner') throw AppError.conflict(ROLE_MESSAGES.lastOwner);
      const member = (await this.members(accountId)).find((m) => m.userId === userId);
      if (!member) throw AppError.notFound('Member');
      return member;
    },
    async remove(accountId: string, userId: string) {
      const outcome = await repo.removeMember(accountId, userId);
      if (!outcome) throw AppError.notFound('Member');
      if (outcome === 'last-owner') throw AppError.conflict(ROLE_MESSAGES.lastOwner);
      return { userId };
    },
    async invite(accountId: string, actorUserId: string, input: TInvitationRequest): Promise<TInvitation> {
      if (await repo.isMemberEmail(accountId, input.email)) throw AppError.conflict(ROLE_MESSAGES.alreadyMember);
      const { token, tokenHash, expiresAt } = newToken();
      const row = await repo.createInvitation({
        accountId,
        email: input.email,
        role: input.role,
        tokenHash,
        expiresAt,
        invitedBy: actorUserId,
        createdAt: deps.clock(),
      });
      const url = deps.linkFor(token);
      await deps.send(accountId, input.email, url, await accountName(accountId), actorUserId);
      return shown(row, url);
    },
    async pending(accountId: string): Promise<TInvitation[]> {
      return (await repo.pending(accountId, deps.clock())).map((r) =>
        shown(r.invitation, undefined, r.invitedByEmail ? memberName(r.invitedByName, r.invitedByEmail) : null),
      );
    },
    async resend(accountId: string, actorUserId: string, id: string): Promise<TInvitation> {
      if (!(await repo.pendingOne(accountId, id, deps.clock()))) throw AppError.notFound('Invitation');
      const { token, tokenHash, expiresAt } = newToken();
      const row = await repo.renew(accountId, id, tokenHash, expiresAt);
      if (!row) throw AppError.notFound('Invitation');
      const url = deps.linkFor(token);
      await deps.send(accountId, row.email, url, await accountName(accountId), actorUserId);
      return shown(row, url);
    },
    async cancel(accountId: string, id: string) {
      if (!(await repo.cancel(accountId, id, deps.clock()))) throw AppError.notFound('Invitation');
      return { id };
    },
    async accept(token: string, user: { id: string; email: string }, name?: string) {
      const outcome = await repo.accept(hashToken(token), user, deps.clock(), name || undefined);
      if (!outcome.ok) {
        const message = outcome.reason === 'other-email' ? ROLE_MESSAGES.invitationOtherEmail : ROLE_MESSAGES.invitationInvalid;
        throw outcome.reason === 'other-email' ? AppError.forbidden(message) : AppError.notFound('Invitation');
      }
      return { accountId: outcome.accountId, accountName: outcome.accountName, userId: outcome.userId, role: outcome.role };
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
