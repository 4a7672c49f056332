import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { isAuthScreen } from '../../lib/router/auth-paths';
import { PharmacistGateDialog } from './pharmacist-gate-dialog';

/**
 * docs/product.md#shell: a blocking question for a signed-in user whose pharmacist flag is not a boolean yet,
 * on every page but the authentication screens. Once saved the user carries a boolean and the
 * gate never shows again.
 */
export function PharmacistGate() {
  const { booted, isAuthenticated, user, setUser } = useSession();
  const { pathname } = useLocation();
  if (!booted || !isAuthenticated || typeof user.is_pharmacist === 'boolean' || isAuthScreen(pathname)) return null;
  return <PharmacistGateDialog onSaved={setUser} />;
}
