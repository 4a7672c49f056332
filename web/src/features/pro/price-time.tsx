import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatClockTime, formatDateTime } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';

const DAY_MONTH: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit' };

/** How long ago a price was read, in words ("il y a 3 heures"). */
function useAge() {
  const intl = useIntl();
  const locale = useLocale();
  const relative = useMemo(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }), [locale]);
  return (ms: number) => {
    const minutes = Math.round(ms / 60_000);
    if (minutes < 1) return intl.formatMessage({ id: 'pro.tool.table.justNow' });
    if (minutes < 60) return relative.format(-minutes, 'minute');
    const hours = Math.round(minutes / 60);
    return hours < 48 ? relative.format(-hours, 'hour') : relative.format(-Math.round(hours / 24), 'day');
  };
}

/**
 * When a row's prices were read, as a time in Belgian time: a pharmacist compares it with the clock and
 * with a shop's page, which an age alone ("il y a 3 heures") does not let them do once the screen has
 * stayed open. The age follows, quieter, for a glance at freshness (docs/decisions/251).
 * `cell`: "28/11 06:10", the age under it, in the table's column headed "Prix relevés": the full
 * sentence took four lines a row in that column on the counter tablet, and even "28/11 à 06:10" ran
 * past it in Dutch ("om"); the digits read the same in every language. `line`: "prix du 28/11 à 06:10"
 * and the age beside it, where nothing else says what the time is of.
 */
export function PriceTime({
  fetchedAt,
  ageMs,
  variant,
  testId,
}: {
  fetchedAt: string;
  ageMs: number;
  variant: 'cell' | 'line';
  testId?: string;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const age = useAge();
  const at = Date.parse(fetchedAt);
  if (!Number.isFinite(at)) return null;
  const date = formatDateTime(at, locale, DAY_MONTH);
  const hour = formatClockTime(at, locale);
  const time =
    variant === 'cell'
      ? `${date} ${hour}`
      : intl.formatMessage({ id: 'pro.tool.table.priceTime' }, { date, time: hour });
  return (
    <span className={`pro-price-time pro-price-time--${variant}`} data-testid={testId}>
      <time dateTime={new Date(at).toISOString()}>{time}</time>
      <span className="pro-price-time__age">{age(ageMs)}</span>
    </span>
  );
}
