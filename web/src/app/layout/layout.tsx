import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Navbar } from './navbar';
import './layout.css';

/** Shared layout of every page except home: navbar, page, footer. */
export function Layout() {
  const intl = useIntl();
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {intl.formatMessage({ id: 'layout.skipToContent' })}
      </a>
      <Navbar />
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
