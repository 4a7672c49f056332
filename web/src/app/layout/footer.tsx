import { useIntl } from 'react-intl';
import { BRAND_NAME, companyFor } from '@pharmaradar/shared/brand';
import { useLocale } from '../../lib/i18n/use-locale';
import { LocalizedLink } from '../../lib/router/localized-link';
import { Logo } from './logo';
import './footer.css';

const PRODUCT_LINKS = [
  { to: '/', id: 'layout.footer.comparator' },
  { to: '/offers', id: 'layout.footer.whyPro' },
  { to: '/about', id: 'layout.footer.about' },
] as const;

const HELP_LINKS = [
  { to: '/faq', id: 'layout.footer.faq' },
  { to: '/contact', id: 'layout.footer.contact' },
  { to: '/legal', id: 'layout.footer.legal' },
  { to: '/privacy', id: 'layout.footer.privacy' },
] as const;

/** docs/product.md#shell footer: information links, 'why Pro', company line with VAT number, copyright year. */
export function Footer() {
  const intl = useIntl();
  const company = companyFor(useLocale());
  const year = new Date().getFullYear();
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <footer className="footer" data-testid="footer" aria-label={t('layout.footer.label')}>
      <div className="footer__inner">
        <div className="footer__brand">
          <LocalizedLink to="/" className="footer__logo" aria-label={t('layout.nav.home')}>
            <Logo size={32} />
            <span>{BRAND_NAME}</span>
          </LocalizedLink>
          <p className="footer__tagline">{t('layout.footer.tagline')}</p>
        </div>
        <nav className="footer__col" aria-labelledby="footer-product">
          <h2 id="footer-product" className="footer__heading">
            {t('layout.footer.sections.product')}
          </h2>
          <ul>
            {PRODUCT_LINKS.map((link) => (
              <li key={link.id}>
                <LocalizedLink to={link.to}>{t(link.id)}</LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="footer__col" aria-labelledby="footer-help">
          <h2 id="footer-help" className="footer__heading">
            {t('layout.footer.sections.help')}
          </h2>
          <ul>
            {HELP_LINKS.map((link) => (
              <li key={link.id}>
                <LocalizedLink to={link.to}>{t(link.id)}</LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="footer__legal">
        <p className="footer__disclaimer">{t('layout.footer.disclaimer')}</p>
        <p className="footer__company" data-testid="footer-company">
          {intl.formatMessage(
            { id: 'layout.footer.company' },
            { legalName: company.legalName, address: company.address, vatNumber: company.vatNumber },
          )}
        </p>
        <p className="footer__copyright" data-testid="footer-copyright">
          {intl.formatMessage({ id: 'layout.footer.copyright' }, { year, brand: BRAND_NAME })}
        </p>
      </div>
    </footer>
  );
}
