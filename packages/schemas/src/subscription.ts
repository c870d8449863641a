import type { TPlanKey, TPlanLimits } from './plans.ts';
import type { TTemplate } from './constants.ts';

export interface TUsage {
  /** 'YYYY-MM' in Europe/London */
  month: string;
  invoicesCount: number;
  quotesCount: number;
  clientsCount: number;
}

export interface TSubscriptionInfo {
  plan: TPlanKey;
  status: 'ACTIVE';
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  limits: TPlanLimits;
  usage: TUsage;
}

export interface TCanResult {
  allowed: boolean;
  reason?: string;
}

export type TAvailableTemplates = TTemplate[];
