import { MTD_MESSAGES } from '@docket/schemas/mtd';
import { AppError } from '../../lib/app-error.ts';
import type { SQL } from 'drizzle-orm';
import type { FiledPeriod, MtdRepository } from './mtd.repository.ts';
import type { Tx } from '../numbering/counters.repository.ts';

/**
 * Filed periods are locked (docs/product.md, "Filed periods are locked"): a change that would add
 * to, or take from, the figures of a VAT return already filed with HMRC is refused. Documents and
 * payments call this for the day a change counts on; corrections go in as credit notes or
 * payments dated today, in the open period.
 */
export interface FiledPeriods {
  /** `tx`: the caller's transaction, when it holds one (a second connection could wait on it) */
  assertOpen(accountId: string, day: string, tx?: Tx): Promise<void>;
  /**
   * The same check, one statement fewer: `filed` goes into a statement the caller sends anyway
   * (a payment's invoice lock), and `assertOpen` refuses on what it answered.
   */
  checkIn(accountId: string, day: string): FiledCheck;
}
export interface FiledCheck {
  filed: SQL<FiledPeriod | null>;
  assertOpen(filed: FiledPeriod | null): void;
}

const refuseFiled = (filed: FiledPeriod | null) => {
  if (filed) throw AppError.conflict(MTD_MESSAGES.locked(`${filed.periodStart} to ${filed.periodEnd}`));
};

export function createFiledPeriods(repo: Pick<MtdRepository, 'filedPeriodHolding' | 'filedPeriodHoldingSql'>): FiledPeriods {
  return {
    async assertOpen(accountId, day, tx) {
      refuseFiled(await repo.filedPeriodHolding(accountId, day, tx));
    },
    checkIn: (accountId, day) => ({ filed: repo.filedPeriodHoldingSql(accountId, day), assertOpen: refuseFiled }),
  };
}
