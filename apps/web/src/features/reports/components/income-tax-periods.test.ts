import { describe, expect, it } from 'vitest';
import { cisTaxYears, incomeTaxPresets } from './income-tax-periods';

describe('incomeTaxPresets', () => {
  it('when today is 26 November 2026, then Q3 of 2026/27 (6 April to 5 January) is the default and last year follows', () => {
    const { presets, current } = incomeTaxPresets('2026-11-26');
    expect(presets[current]).toEqual(['Q3 26/27 (6 Apr 2026 to 5 Jan 2027)', '2026-04-06', '2027-01-05']);
    expect(presets.map(([, from, to]) => `${from}..${to}`)).toEqual([
      '2026-04-06..2026-07-05',
      '2026-04-06..2026-10-05',
      '2026-04-06..2027-01-05',
      '2026-04-06..2027-04-05',
      '2025-04-06..2025-07-05',
      '2025-04-06..2025-10-05',
      '2025-04-06..2026-01-05',
      '2025-04-06..2026-04-05',
    ]);
  });

  it('when today is 5 April, then it is still the old tax year; on 6 April the new one begins', () => {
    expect(incomeTaxPresets('2027-04-05').presets[incomeTaxPresets('2027-04-05').current]![2]).toBe('2027-04-05');
    expect(incomeTaxPresets('2027-04-06').presets[0]![1]).toBe('2027-04-06');
    expect(cisTaxYears('2027-04-05')[0]).toBe(2026);
    expect(cisTaxYears('2027-04-06')[0]).toBe(2027);
  });
});
