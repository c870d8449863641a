import type { TObligation, TVatReceipt } from '@docket/schemas/mtd';

export interface FiledPeriod {
  periodKey: string;
  start: string;
  end: string;
  ours: TVatReceipt | null;
  received?: string;
}

/** Every return Docket filed, and every period HMRC lists as fulfilled (filed elsewhere too): HMRC has no list of returns. */
export function filedPeriods(returns: TVatReceipt[], obligations: TObligation[]): FiledPeriod[] {
  const byKey = new Map<string, FiledPeriod>();
  for (const r of returns) byKey.set(r.periodKey, { periodKey: r.periodKey, start: r.periodStart, end: r.periodEnd, ours: r });
  for (const o of obligations) {
    if (o.status !== 'F') continue;
    const known = byKey.get(o.periodKey);
    byKey.set(o.periodKey, { periodKey: o.periodKey, start: o.start, end: o.end, ours: known?.ours ?? null, received: o.received });
  }
  return [...byKey.values()].sort((a, b) => b.end.localeCompare(a.end));
}
