import { describe, expect, it } from 'vitest';
import { ANONYMOUS_USER, normalizeCurrentUser } from '@pharmaradar/shared/user.schema';
import { INITIAL_SESSION, sessionReducer, type SessionState } from './session-state';

const raw = { id: 3, email: 'jan@example.be', first_name: 'Jan', is_pro: true, is_pharmacist: false };
const signedIn: SessionState = { booted: true, bootError: null, user: normalizeCurrentUser(raw) };
const offline = new Error('network');

describe('session state machine (docs/product.md#states)', () => {
  it('starts unbooted and anonymous', () => {
    expect(INITIAL_SESSION.booted).toBe(false);
    expect(INITIAL_SESSION.bootError).toBeNull();
    expect(INITIAL_SESSION.user.isAuthenticated).toBe(false);
  });

  it('boots authenticated from a me answer wrapped in user, or from the bare user', () => {
    const wrapped = sessionReducer(INITIAL_SESSION, { type: 'user-loaded', raw: { user: raw } });
    expect(wrapped).toMatchObject({ booted: true, bootError: null });
    expect(wrapped.user).toMatchObject({
      id: 3,
      isAuthenticated: true,
      isPro: true,
      plan: 'pro',
      is_pharmacist: false,
    });
    expect(sessionReducer(INITIAL_SESSION, { type: 'user-loaded', raw }).user.id).toBe(3);
  });

  it('boots anonymous from {user: null}', () => {
    const next = sessionReducer(INITIAL_SESSION, { type: 'user-loaded', raw: { user: null } });
    expect(next.booted).toBe(true);
    expect(next.user).toEqual(ANONYMOUS_USER);
  });

  it('keeps a start-up failure as bootError and is anonymous', () => {
    const error = new Error('HTTP 500');
    const next = sessionReducer(INITIAL_SESSION, { type: 'user-load-failed', error, offline: false });
    expect(next).toEqual({ booted: true, bootError: error, user: ANONYMOUS_USER });
  });

  it('offline at start, falls back to the cached user', () => {
    const next = sessionReducer(INITIAL_SESSION, {
      type: 'user-load-failed',
      error: offline,
      offline: true,
      fallback: signedIn.user,
    });
    expect(next.user.id).toBe(3);
    expect(next.bootError).toBe(offline);
  });

  it('a failed reload signs out, but not the boot error', () => {
    const next = sessionReducer(signedIn, { type: 'user-load-failed', error: new Error('HTTP 500'), offline: false });
    expect(next.user.isAuthenticated).toBe(false);
    expect(next.bootError).toBeNull();
  });

  it('a reload that cannot reach the server keeps the user', () => {
    expect(sessionReducer(signedIn, { type: 'user-load-failed', error: offline, offline: true }).user.id).toBe(3);
  });

  it('a successful reload clears the boot error', () => {
    const failed = sessionReducer(INITIAL_SESSION, { type: 'user-load-failed', error: offline, offline: true });
    expect(sessionReducer(failed, { type: 'user-loaded', raw }).bootError).toBeNull();
  });

  it('a profile answer replaces the user; sign-out makes it anonymous', () => {
    const updated = sessionReducer(signedIn, { type: 'user-set', raw: { user: { ...raw, first_name: 'Jean' } } });
    expect(updated.user.first_name).toBe('Jean');
    expect(sessionReducer(updated, { type: 'signed-out' }).user).toEqual(ANONYMOUS_USER);
    expect(sessionReducer(updated, { type: 'user-set', raw: null }).user.isAuthenticated).toBe(false);
  });
});
