// The Pro allowance runs by calendar month in Europe/Brussels (docs/architecture.md#pro-allowance).

const MONTH_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
});

/** 'YYYY-MM' of the Brussels calendar month containing `at` (epoch ms). */
export function brusselsMonth(at: number): string {
  const parts = MONTH_FORMAT.formatToParts(new Date(at));
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return `${year}-${month}`;
}

/** First day of the month after `month` ('YYYY-MM' -> 'YYYY-MM-01'), the day the allowance renews. */
export function renewalDay(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const nextYear = m === 12 ? year + 1 : year;
  const nextMonth = m === 12 ? 1 : m + 1;
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-01`;
}
