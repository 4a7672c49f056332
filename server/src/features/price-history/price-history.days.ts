// Calendar days of the price history: 'YYYY-MM-DD' in Europe/Brussels, the shops' own calendar, so a
// day's point is the same whichever server clock zone runs the app.

const BRUSSELS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Brussels calendar day of an instant (epoch ms). */
export function brusselsDay(ms: number): string {
  return BRUSSELS_DAY.format(new Date(ms));
}

/** First day kept when `retentionDays` days are kept up to the day of `now` (itself included). */
export function retentionStart(now: number, retentionDays: number): string {
  return addDays(brusselsDay(now), -(retentionDays - 1));
}

/** The day `n` days after `day` (negative: before); plain calendar arithmetic, no time zone. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
