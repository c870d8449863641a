/** Today as 'YYYY-MM-DD' in Europe/London: the calendar the API dates documents in. */
export const londonToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * Calendar quarters of this and last year up to the one holding `today` (London), newest first:
 * [label, from, to]. On London days, so an invoice issued just after midnight BST on the first
 * day of a quarter finds its quarter offered.
 */
export function quarterPresets(today = londonToday()): [string, string, string][] {
  const year = Number(today.slice(0, 4));
  const out: [string, string, string][] = [];
  for (const y of [year, year - 1]) {
    for (const q of [4, 3, 2, 1]) {
      const startMonth = (q - 1) * 3 + 1;
      const from = `${y}-${String(startMonth).padStart(2, '0')}-01`;
      const lastDay = new Date(Date.UTC(y, startMonth + 2, 0)).getUTCDate();
      const to = `${y}-${String(startMonth + 2).padStart(2, '0')}-${lastDay}`;
      if (from <= today) out.push([`Q${q} ${y} (${from} to ${to})`, from, to]);
    }
  }
  return out;
}
