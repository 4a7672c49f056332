import { formatDateTime } from '../../../lib/i18n/format';

/** "28/11/2026" in fr-BE: the sheet's way of writing a day. */
export const DAY_MONTH_YEAR: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };

/**
 * An export's date, 'YYYY-MM-DD': the Belgian calendar day at `now`, as the prices' times in the sheet,
 * whatever zone the device is set to (formatDateTime is in Brussels time; fr-BE writes dd/mm/yyyy).
 */
export function exportDate(now: number): string {
  return formatDateTime(now, 'fr', DAY_MONTH_YEAR).split('/').reverse().join('-');
}
