import { registerBeforeLogout } from '../lib/session/before-logout';

/**
 * A logout turns push off on this device first (a shared counter tablet must not get the last
 * person's alerts), whichever page it starts from. The push client loads only then: it stays out
 * of the first screens' JavaScript.
 */
export function turnPushOffOnLogout(): void {
  registerBeforeLogout(() =>
    import('../features/alerts/push/push-client').then((client) => client.turnPushOffBeforeLogout()),
  );
}
