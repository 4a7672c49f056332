import { useIntl } from 'react-intl';
import type { SearchOffer } from '@pharmaradar/shared/search.schema';
import { useLocale } from '../i18n/use-locale';

type PageLanguage = SearchOffer['pageLanguage'];

/**
 * What a shop link says about its page's language: "(page in French)" when the page it opens is not in
 * the reader's language, else null (docs/decisions/232). Only a link that is shown says it.
 */
export function usePageLanguageNote(pageLanguage: PageLanguage, linked: boolean): string | null {
  const intl = useIntl();
  const locale = useLocale();
  if (!linked || !pageLanguage || pageLanguage === locale) return null;
  return intl.formatMessage({ id: `common.pageLanguage.${pageLanguage}` });
}

/** The note beside a shop's name; tagged in the reader's language, whatever the page's. */
export function PageLanguageNote({
  note,
  className,
  testId,
}: {
  note: string | null;
  className: string;
  testId: string;
}) {
  const locale = useLocale();
  if (!note) return null;
  return (
    <span className={className} lang={locale} data-testid={testId}>
      {note}
    </span>
  );
}
