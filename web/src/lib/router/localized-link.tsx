import { forwardRef } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { useLocalizedPath } from './use-localized-path';

type LocalizedLinkProps = Omit<LinkProps, 'to'> & { to: string };
type LocalizedNavLinkProps = Omit<NavLinkProps, 'to'> & { to: string };

/** A Link whose bare `to` ('/about', '/offers') follows the current language prefix. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, LocalizedLinkProps>(function LocalizedLink(
  { to, ...rest },
  ref,
) {
  const localize = useLocalizedPath();
  return <Link ref={ref} to={localize(to)} {...rest} />;
});

/** NavLink variant (aria-current on the active page) for menus. */
export const LocalizedNavLink = forwardRef<HTMLAnchorElement, LocalizedNavLinkProps>(function LocalizedNavLink(
  { to, ...rest },
  ref,
) {
  const localize = useLocalizedPath();
  return <NavLink ref={ref} to={localize(to)} {...rest} />;
});
