import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session/use-session';
import { isAuthScreen } from '../../lib/router/auth-paths';

// Asked once per account, so its dialog stays out of the first page's code (its budget).
const PharmacistGateDialog = lazy(() =>
  import('./pharmacist-gate-dialog').then((module) => ({ default: module.PharmacistGateDialog })),
);

/**
 * docs/product.md#shell: a blocking question for a signed-in user whose pharmacist flag is not a boolean yet,
 * on every page but the authentication screens. Once saved the user carries a boolean and the
 * gate never shows again.
 */
export function PharmacistGate() {
  const { booted, isAuthenticated, user, setUser } = useSession();
  const { pathname } = useLocation();
  if (!booted || !isAuthenticated || typeof user.is_pharmacist === 'boolean' || isAuthScreen(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <PharmacistGateDialog onSaved={setUser} />
    </Suspense>
  );
}
