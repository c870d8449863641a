/** Today + days as YYYY-MM-DD in Europe/London (the browser context runs in that zone too). */
export function londonDatePlus(days: number): string {
  const target = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(target);
}
