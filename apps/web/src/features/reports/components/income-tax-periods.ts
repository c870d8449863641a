import { incomeTaxQuarters, taxYearOf } from '@docket/schemas/reports';
import { londonToday } from './quarter-presets';

/**
 * The Income Tax update periods (cumulative from 6 April) of this tax year and last, newest year
 * first, and which one holds `today`: the default the profit and loss screen opens on.
 */
export function incomeTaxPresets(today = londonToday()): { presets: [string, string, string][]; current: number } {
  const year = taxYearOf(today);
  const presets = [...incomeTaxQuarters(year), ...incomeTaxQuarters(year - 1)];
  return {
    presets,
    current: Math.max(
      0,
      presets.findIndex(([, , to]) => to >= today),
    ),
  };
}

/** Tax years to offer for the CIS statement: this one and the five before, newest first. */
export const cisTaxYears = (today = londonToday()) => Array.from({ length: 6 }, (_, i) => taxYearOf(today) - i);
