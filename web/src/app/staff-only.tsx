import { Outlet } from 'react-router';
import NotFoundPage from './not-found/not-found.page';
import { useSession } from '../lib/session/use-session';

/**
 * Guards the staff admin (/admin): nothing until the session check is over, then the ordinary 404
 * page for anyone who is not staff (visitors included), so the page looks like any unknown path.
 */
export function StaffOnly() {
  const { booted, user } = useSession();
  if (!booted) return <div aria-busy="true" data-testid="staff-only-booting" />;
  if (!user.is_staff) return <NotFoundPage />;
  return <Outlet />;
}
