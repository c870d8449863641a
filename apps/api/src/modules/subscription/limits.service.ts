import { DEFAULT_PLAN, PLANS, planLimitMessage, type TPlanKey, type TPlanLimits } from '@docket/schemas/plans';
import type { TUsage } from '@docket/schemas/subscription';
import { AppError } from '../../lib/app-error.ts';
import { londonMonthBounds, type Clock } from '../../lib/clock.ts';
import type { UsageExecutor, UsageRepository } from './usage.repository.ts';
import type { CountedLimit } from '../documents/create-guard.ts';

export type LimitedResource = 'invoices' | 'quotes' | 'clients';

/** Plan, limits and usage for one user; every account is on the default plan until payments exist. */
export function createLimitsService(usageRepo: UsageRepository, clock: Clock, overrides?: Partial<TPlanLimits>) {
  const planOf = (_userId: string): TPlanKey => DEFAULT_PLAN;
  const limitsOf = (userId: string): TPlanLimits => ({ ...PLANS[planOf(userId)].features, ...overrides });

  async function usage(userId: string): Promise<TUsage> {
    const { month, start, end } = londonMonthBounds(clock());
    const [quotesCount, invoicesCount, clientsCount] = await Promise.all([
      usageRepo.quotesIn(userId, start, end),
      usageRepo.invoicesIn(userId, start, end),
      usageRepo.clients(userId),
    ]);
    return { month, invoicesCount, quotesCount, clientsCount };
  }

  const limitOf = (userId: string, what: LimitedResource): number => {
    const limits = limitsOf(userId);
    return what === 'invoices' ? limits.invoicesPerMonth : what === 'quotes' ? limits.quotesPerMonth : limits.maxClients;
  };

  /** `x`: a transaction holding the document counter lock, so concurrent creates count one by one. */
  async function canCreate(userId: string, what: LimitedResource, x?: UsageExecutor): Promise<boolean> {
    const limit = limitOf(userId, what);
    if (limit === -1) return true;
    const { start, end } = londonMonthBounds(clock());
    const used =
      what === 'clients' ? await usageRepo.clients(userId, x) : await (what === 'quotes' ? usageRepo.quotesIn : usageRepo.invoicesIn)(userId, start, end, x);
    return used < limit;
  }

  /**
   * The limit as a create's insert checks it (documents/create-guard.ts): the insert counts and
   * refuses at the limit, as assertCanCreate would. Null when the plan sets none.
   */
  function countedLimit(userId: string, what: Exclude<LimitedResource, 'quotes'>): CountedLimit | null {
    const limit = limitOf(userId, what);
    if (limit === -1) return null;
    const { start, end } = londonMonthBounds(clock());
    return {
      used: what === 'clients' ? usageRepo.clientsSql(userId) : usageRepo.invoicesInSql(userId, start, end),
      max: limit,
      refuse: () => {
        throw AppError.forbidden(planLimitMessage(what));
      },
    };
  }

  return {
    planOf,
    countedLimit,
    limitsOf,
    usage,
    canCreate,
    async assertCanCreate(userId: string, what: LimitedResource, x?: UsageExecutor) {
      if (!(await canCreate(userId, what, x))) throw AppError.forbidden(planLimitMessage(what));
    },
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
