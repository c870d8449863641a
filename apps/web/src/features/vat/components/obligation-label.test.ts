import { describe, expect, it } from 'vitest';
import { obligationLabel } from './obligation-label';

describe('obligationLabel', () => {
  it('when the obligation is a calendar quarter, then it reads "Q3 2026: due 7 November 2026 – open"', () => {
    expect(obligationLabel({ periodKey: '26A3', start: '2026-07-01', end: '2026-09-30', due: '2026-11-07', status: 'O' })).toBe(
      'Q3 2026: due 7 November 2026 – open',
    );
  });
  it('when the period is a stagger quarter and fulfilled, then its dates are named and it reads submitted', () => {
    expect(obligationLabel({ periodKey: '26B1', start: '2026-02-01', end: '2026-04-30', due: '2026-06-07', status: 'F' })).toBe(
      '1 February 2026 to 30 April 2026: due 7 June 2026 – submitted',
    );
  });
});
