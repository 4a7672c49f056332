import { registerOnLogoutDecided } from '../lib/session/before-logout';

/**
 * A logout, once decided, turns push off on this device before the session ends (a shared counter
 * tablet must not get the last person's alerts), whichever page it starts from; a logout the person
 * cancels keeps it. The push client loads only then: it stays out of the first screens' JavaScript.
 */
export function turnPushOffOnLogout(): void {
  registerOnLogoutDecided(() =>
    import('../features/alerts/push/push-client').then((client) => client.turnPushOffBeforeLogout()),
  );
}
