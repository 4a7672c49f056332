import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { LocalizedLink, LocalizedNavLink } from '../../lib/router/localized-link';
import { AccountArea } from './account-area';
import { BasketLink } from './basket-link';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import { useBurgerHint } from './use-burger-hint';
import { useDismiss } from './use-dismiss';
import { useScrolledPast } from './use-scrolled';
import './navbar.css';

const LINKS = [
  { to: '/', id: 'layout.nav.comparator', end: true },
  { to: '/pro', id: 'layout.nav.pro', end: false },
  { to: '/about', id: 'layout.nav.about', end: false },
] as const;

function NavLinks({ className }: { className: string }) {
  const intl = useIntl();
  return (
    <ul className={className}>
      {LINKS.map((link) => (
        <li key={link.to}>
          <LocalizedNavLink to={link.to} end={link.end} className="nav-link">
            {intl.formatMessage({ id: link.id })}
          </LocalizedNavLink>
        </li>
      ))}
    </ul>
  );
}

/** docs/product.md#shell navbar; below 1024 px the links and account move into a burger drawer. */
export function Navbar() {
  const intl = useIntl();
  const location = useLocation();
  const condensed = useScrolledPast();
  const hint = useBurgerHint();
  // The drawer belongs to the location it was opened on: any navigation closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const open = drawerOpenAt === location.key;
  const drawerRef = useRef<HTMLDivElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);

  const close = useCallback((reason: 'escape' | 'outside') => {
    setDrawerOpenAt(null);
    if (reason === 'escape') burgerRef.current?.focus();
  }, []);
  useDismiss(open, close, drawerRef, burgerRef);

  useEffect(() => {
    if (open) drawerRef.current?.querySelector<HTMLElement>('a, button, select')?.focus();
  }, [open]);

  const toggle = () => {
    hint.dismiss();
    setDrawerOpenAt(open ? null : location.key);
  };

  return (
    <header className={`navbar${condensed ? ' navbar--condensed' : ''}`} data-testid="navbar">
      <div className="navbar__inner">
        <LocalizedLink to="/" className="navbar__brand" aria-label={intl.formatMessage({ id: 'layout.nav.home' })}>
          <Logo size={condensed ? 30 : 36} />
          <span className="navbar__brand-name">{BRAND_NAME}</span>
        </LocalizedLink>

        <nav className="navbar__nav" aria-label={intl.formatMessage({ id: 'layout.nav.label' })}>
          <NavLinks className="navbar__links" />
        </nav>

        <div className="navbar__actions">
          <BasketLink />
          <LanguageSelect />
          <div className="navbar__account">
            <AccountArea variant="bar" />
          </div>
          <div className="navbar__burger-wrap">
            <button
              ref={burgerRef}
              type="button"
              className={`burger${open ? ' burger--open' : ''}`}
              data-testid="burger"
              aria-label={intl.formatMessage({ id: open ? 'layout.burger.close' : 'layout.burger.open' })}
              aria-expanded={open}
              aria-controls="nav-drawer"
              onClick={toggle}
            >
              <span className="burger__line" />
              <span className="burger__line" />
              <span className="burger__line" />
            </button>
            {hint.visible && (
              <span className="burger-hint" role="status" data-testid="burger-hint">
                {intl.formatMessage({ id: 'layout.burger.hint' })}
              </span>
            )}
          </div>
        </div>
      </div>

      {/* Portalled to <body>: the sticky header's backdrop-filter would otherwise clip a fixed drawer. */}
      {open &&
        createPortal(
          <>
            <div className="drawer-backdrop" data-testid="drawer-backdrop" aria-hidden="true" />
            <div
              ref={drawerRef}
              id="nav-drawer"
              className="drawer"
              data-testid="drawer"
              role="dialog"
              aria-label={intl.formatMessage({ id: 'layout.burger.drawer' })}
            >
              <div className="drawer__header">
                <span className="navbar__brand">
                  <Logo size={30} />
                  <span className="navbar__brand-name">{BRAND_NAME}</span>
                </span>
                <button
                  type="button"
                  className="drawer__close"
                  data-testid="drawer-close"
                  aria-label={intl.formatMessage({ id: 'layout.burger.close' })}
                  onClick={() => close('escape')}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              <nav aria-label={intl.formatMessage({ id: 'layout.nav.label' })}>
                <NavLinks className="drawer__links" />
              </nav>
              <AccountArea variant="drawer" />
            </div>
          </>,
          document.body,
        )}
    </header>
  );
}
