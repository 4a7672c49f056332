import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_SCREENS } from '../../lib/router/auth-paths';
import { useSession } from '../../lib/session/use-session';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { serveFakeGis } from '../../test/fakes/fake-gis';
import { renderWithProviders } from '../../test/render';
import { GoogleOneTap } from './google-one-tap';
import { isOneTapExcluded } from './one-tap-paths';

const api = serveAuthApi();
const gis = serveFakeGis();
beforeEach(() => {
  api.googleClientId = 'test-client.apps.googleusercontent.com';
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

  it('knows where it is cancelled: every auth screen, bare or prefixed, but the activation link', () => {
    for (const screen of AUTH_SCREENS) {
      for (const prefix of ['', '/fr', '/en', '/nl'])
        expect(isOneTapExcluded(`${prefix}/${screen}`), `${prefix}/${screen}`).toBe(screen !== 'activate');
    }
    for (const path of ['/', '/nl', '/about', '/compte', '/en/pro']) expect(isOneTapExcluded(path)).toBe(false);
  });
});
