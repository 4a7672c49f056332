import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { LocalizedLink } from '../../lib/router/localized-link';
import { Logo } from './logo';
import './layout.css';

/** docs/product.md#plain-layout-pages plain-layout pages (/update, /promo, /admin): a brand bar and the page, no navbar or footer. */
export function PlainLayout() {
  const intl = useIntl();
  return (
    <div className="layout layout--plain">
      <header className="plain-header">
        <LocalizedLink
          to="/"
          className="plain-header__brand"
          aria-label={intl.formatMessage({ id: 'layout.plain.backHome' })}
        >
          <Logo size={32} />
          <span>{BRAND_NAME}</span>
        </LocalizedLink>
      </header>
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
