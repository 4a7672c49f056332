import { useIntl } from 'react-intl';
import { BRAND_NAME, companyFor } from '@pharmaradar/shared/brand';
import { useLocale } from '../../../lib/i18n/use-locale';
import { LocalizedLink } from '../../../lib/router/localized-link';

const LINKS = [
  ['about', '/about'],
  ['legal', '/legal'],
  ['privacy', '/privacy'],
  ['faq', '/faq'],
  ['contact', '/contact'],
  ['whyPro', '/offers'],
] as const;

export function HomeFooter() {
  const intl = useIntl();
  const company = companyFor(useLocale());
  return (
    <footer className="home-footer">
      <nav className="home-footer__links" aria-label={intl.formatMessage({ id: 'search.footer.label' })}>
        {LINKS.map(([key, to]) => (
          <LocalizedLink key={key} to={to}>
            {intl.formatMessage({ id: `search.footer.${key}` })}
          </LocalizedLink>
        ))}
      </nav>
      <p className="home-footer__company">
        {company.legalName} · {company.address} ·{' '}
        {intl.formatMessage({ id: 'search.footer.vat' }, { vat: company.vatNumber })}
      </p>
      <p className="home-footer__copy">
        © {new Date().getFullYear()} {BRAND_NAME}
      </p>
    </footer>
  );
}
