/**
 * A UK VAT registration number: 9 digits whose first seven, weighted 8..2, plus the last two make
 * a multiple of 97, either as they are (the old "mod 97") or with 55 added (the "mod 9755" numbers
 * issued since 2010). Accepts a "GB" prefix and spaces as people write them.
 */
export function normaliseVrn(text: string | null | undefined): string | null {
  if (!text) return null;
  const digits = text.replace(/\s+/g, '').replace(/^GB/i, '');
  if (!/^\d{9}$/.test(digits)) return null;
  const weighted = [...digits.slice(0, 7)].reduce((sum, d, i) => sum + Number(d) * (8 - i), 0);
  const check = Number(digits.slice(7));
  const ok = (weighted + check) % 97 === 0 || (weighted + check + 55) % 97 === 0;
  return ok ? digits : null;
}
