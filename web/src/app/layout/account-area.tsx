import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { CurrentUser } from '@pharmaradar/shared/user.schema';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useSession } from '../../lib/session/use-session';
import { useDismiss } from './use-dismiss';

export function avatarLetter(user: Pick<CurrentUser, 'first_name' | 'email'>): string {
  const source = user.first_name?.trim() || user.email?.trim() || '?';
  return source.charAt(0).toLocaleUpperCase();
}

const BADGE = { free: 'layout.user.badgeFree', pro: 'layout.user.badgePro', ultra: 'layout.user.badgeUltra' } as const;

function PlanBadge({ plan }: { plan: CurrentUser['plan'] }) {
  const intl = useIntl();
  return (
    <span className={`plan-badge${plan !== 'free' ? ' plan-badge--pro' : ''}`} data-testid="plan-badge">
      {intl.formatMessage({ id: BADGE[plan] })}
    </span>
  );
}

/**
 * Right side of the navbar (variant 'bar', desktop) or bottom of the drawer (variant 'drawer').
 * Logged out: login + upgrade links. Logged in: plan badge, avatar and the account menu.
 */
export function AccountArea({ variant }: { variant: 'bar' | 'drawer' }) {
  const intl = useIntl();
  const { booted, isAuthenticated, user, logout } = useSession();
  const location = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key; // any navigation closes the menu
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback((reason: 'escape' | 'outside') => {
    setMenuOpenAt(null);
    if (reason === 'escape') buttonRef.current?.focus();
  }, []);
  useDismiss(menuOpen, closeMenu, menuRef, buttonRef);

  if (!booted)
    return <div className={`account-area account-area--${variant} account-area--pending`} aria-hidden="true" />;

  if (!isAuthenticated) {
    return (
      <div className={`account-area account-area--${variant}`}>
        <LocalizedLink className="account-area__login" to="/login" data-testid="nav-login">
          {intl.formatMessage({ id: 'layout.nav.login' })}
        </LocalizedLink>
        <LocalizedLink className="account-area__upgrade" to="/offers" data-testid="nav-upgrade">
          {intl.formatMessage({ id: 'layout.nav.upgrade' })}
        </LocalizedLink>
      </div>
    );
  }

  const name = user.first_name?.trim() || user.email || '';
  const onLogout = async () => {
    setMenuOpenAt(null);
    // Stay on the page: protected pages show their login wall, public ones simply update.
    await logout();
  };

  if (variant === 'drawer') {
    return (
      <div className="account-area account-area--drawer">
        <div className="account-area__identity">
          <span className="avatar" aria-hidden="true">
            {avatarLetter(user)}
          </span>
          <span className="account-area__name">{name}</span>
          <PlanBadge plan={user.plan} />
        </div>
        <LocalizedLink className="account-area__link" to="/compte">
          {intl.formatMessage({ id: 'layout.user.account' })}
        </LocalizedLink>
        <button type="button" className="account-area__logout" onClick={() => void onLogout()}>
          {intl.formatMessage({ id: 'layout.user.logout' })}
        </button>
      </div>
    );
  }

  return (
    <div className="account-area account-area--bar">
      <PlanBadge plan={user.plan} />
      <div className="user-menu">
        <button
          ref={buttonRef}
          type="button"
          className="avatar avatar--button"
          data-testid="avatar"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-label={intl.formatMessage({ id: 'layout.user.menu' }, { name })}
          onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
        >
          {avatarLetter(user)}
        </button>
        {menuOpen && (
          <div ref={menuRef} className="user-menu__panel" role="menu" data-testid="user-menu">
            <p className="user-menu__name">{name}</p>
            <LocalizedLink role="menuitem" className="user-menu__item" to="/compte">
              {intl.formatMessage({ id: 'layout.user.account' })}
            </LocalizedLink>
            <button type="button" role="menuitem" className="user-menu__item" onClick={() => void onLogout()}>
              {intl.formatMessage({ id: 'layout.user.logout' })}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
