import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiOrigin } from '../../lib/api/client';
import { useSession } from '../../lib/session';
import { startAuthApiServer, testUser, type AuthApiServer } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { GoogleOneTap } from './google-one-tap';
import { isOneTapExcluded } from './one-tap-paths';

/**
 * Google Identity Services is an external service: the page talks to it through window.google.
 * This stand-in implements that protocol (initialize with a callback, prompt, cancel) and lets
 * the test play Google's part by calling the registered callback with a credential.
 */
function installFakeGis() {
  const calls: string[] = [];
  let callback: ((response: { credential: string }) => void) | null = null;
  window.google = {
    accounts: {
      id: {
        initialize: (config: Record<string, unknown>) => {
          calls.push(`initialize:${String(config.client_id)}`);
          callback = config.callback as typeof callback;
        },
        renderButton: () => calls.push('renderButton'),
        prompt: () => calls.push('prompt'),
        cancel: () => calls.push('cancel'),
      },
    },
  };
  return { calls, sendCredential: (credential: string) => callback?.({ credential }) };
}

let api: AuthApiServer;
let gis: ReturnType<typeof installFakeGis>;
beforeAll(async () => {
  api = await startAuthApiServer();
  gis = installFakeGis();
});
afterAll(async () => {
  setApiOrigin('');
  delete window.google;
  await api.close();
});
beforeEach(() => {
  api.reset();
  api.googleClientId = 'test-client.apps.googleusercontent.com';
  gis.calls.length = 0;
  setApiOrigin(api.origin);
});

function Who() {
  const { isAuthenticated, user } = useSession();
  return <p data-testid="who">{isAuthenticated ? user.email : 'anonymous'}</p>;
}

const renderAt = (route: string) =>
  renderWithProviders(
    <>
      <Who />
      <GoogleOneTap />
    </>,
    { route, session: true },
  );

describe('Google One Tap', () => {
  it('prompts a visitor and signs in with the credential Google returns', async () => {
    api.on('POST /api/auth/google/verify/', () => {
      api.user = testUser({ email: 'anne@gmail.com' });
      return { body: { user: api.user } };
    });
    renderAt('/about');
    await waitFor(() => expect(gis.calls).toContain('prompt'));
    expect(gis.calls[0]).toBe('initialize:test-client.apps.googleusercontent.com');
    act(() => gis.sendCredential('header.payload.signature'));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('anne@gmail.com'));
    expect(api.bodies('POST /api/auth/google/verify/')).toEqual([{ id_token: 'header.payload.signature' }]);
  });

  it('only logs a failed One Tap sign-in', async () => {
    api.on('POST /api/auth/google/verify/', {
      status: 400,
      body: { code: 'google_invalid', detail: 'Google sign-in failed.' },
    });
    renderAt('/');
    await waitFor(() => expect(gis.calls).toContain('prompt'));
    act(() => gis.sendCredential('bad-token'));
    await waitFor(() => expect(api.bodies('POST /api/auth/google/verify/')).toHaveLength(1));
    expect(screen.getByTestId('who').textContent).toBe('anonymous');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is cancelled on the auth screens', async () => {
    renderAt('/nl/register');
    await waitFor(() => expect(gis.calls).toContain('cancel'));
    expect(gis.calls).not.toContain('prompt');
  });

  it('is not offered to a signed-in user', async () => {
    api.user = testUser();
    renderAt('/about');
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('anne.dupont@example.be'));
    expect(gis.calls).not.toContain('prompt');
  });

  it('knows where it is cancelled', () => {
    for (const path of [
      '/login',
      '/register',
      '/verify-otp',
      '/forgot-password',
      '/reset-password/a/b',
      '/fr/login',
      '/en/verify-otp',
      '/nl/forgot-password',
    ]) {
      expect(isOneTapExcluded(path)).toBe(true);
    }
    for (const path of ['/', '/nl', '/about', '/activate/a/b', '/compte', '/en/pro'])
      expect(isOneTapExcluded(path)).toBe(false);
  });
});
