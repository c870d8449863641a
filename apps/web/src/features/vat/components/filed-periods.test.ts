import { describe, expect, it } from 'vitest';
import type { TVatReceipt } from '@docket/schemas/mtd';
import { filedPeriods } from './filed-periods';

const receipt = { periodKey: '26A3', periodStart: '2026-07-01', periodEnd: '2026-09-30', formBundleNumber: '100000000001' } as TVatReceipt;

describe('filedPeriods', () => {
  it('when a return filed from Docket is also fulfilled at HMRC, then it is listed once with our receipt, beside periods filed elsewhere, newest first', () => {
    const list = filedPeriods(
      [receipt],
      [
        { periodKey: '26A2', start: '2026-04-01', end: '2026-06-30', due: '2026-08-07', status: 'F', received: '2026-08-01' },
        { periodKey: '26A3', start: '2026-07-01', end: '2026-09-30', due: '2026-11-07', status: 'F', received: '2026-10-20' },
        { periodKey: '26A4', start: '2026-10-01', end: '2026-12-31', due: '2027-02-07', status: 'O' },
      ],
    );
    expect(list.map((p) => [p.periodKey, p.ours?.formBundleNumber ?? null])).toEqual([
      ['26A3', '100000000001'],
      ['26A2', null],
    ]);
  });
});
