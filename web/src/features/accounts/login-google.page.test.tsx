import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { serveFakeGis } from '../../test/fakes/fake-gis';
import { renderWithProviders } from '../../test/render';
import LoginPage from './login.page';
import { choosePharmacist } from './test-helpers';

const api = serveAuthApi();
/** Google Identity Services' browser protocol, played by the test. */
const gis = serveFakeGis();
beforeEach(() => {
  api.googleClientId = 'test-client.apps.googleusercontent.com';
});

function renderLogin(locale: 'fr' | 'nl') {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return renderWithProviders(<LoginPage />, {
    locale,
    route: `${prefix}/login`,
    path: `${prefix}/login`,
    session: true,
    routes: [{ path: prefix || '/', element: <p>home page</p> }],
  });
}

describe('login page: Google sign-in', () => {
  it('asks the pharmacist question inside the Google block, before using the credential (fr)', async () => {
    api.on('POST /api/auth/google/verify/', ({ json }) => {
      api.user = testUser({
        email: 'anne@gmail.com',
        is_pharmacist: (json as { is_pharmacist: boolean }).is_pharmacist,
      });
      return { body: { user: api.user } };
    });
    renderLogin('fr');
    expect(await screen.findByText('Sign in with Google')).toBeTruthy();
    const block = screen.getByTestId('google-signin');
    // The question belongs to the Google sign-up, not to the e-mail/password form.
    expect(screen.getByRole('group', { name: 'Pour vous inscrire avec Google' })).toBe(block);
    expect(block.querySelectorAll('input[name="is_pharmacist"]')).toHaveLength(2);
    expect(document.querySelector('form input[name="is_pharmacist"]')).toBeNull();
    act(() => gis.sendCredential('id-token-1'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Veuillez indiquer si vous êtes pharmacien·ne.');
    expect(block.contains(alert)).toBe(true);
    const yes = block.querySelector<HTMLInputElement>('input[value="yes"]')!;
    expect(yes.getAttribute('aria-invalid')).toBe('true');
    expect(yes.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    await waitFor(() => expect(document.activeElement).toBe(yes));
    expect(api.bodies('POST /api/auth/google/verify/')).toEqual([]);
    // Answering continues the pending Google sign-in.
    choosePharmacist('yes');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(api.bodies('POST /api/auth/google/verify/')).toEqual([{ id_token: 'id-token-1', is_pharmacist: true }]);
  });

  it('says when Google sign-in failed (nl)', async () => {
    api.on('POST /api/auth/google/verify/', {
      status: 400,
      body: { code: 'google_invalid', detail: 'Invalid token.' },
    });
    renderLogin('nl');
    await screen.findByText('Sign in with Google');
    fireEvent.click(document.querySelector('input[name="is_pharmacist"][value="no"]')!);
    act(() => gis.sendCredential('bad'));
    expect(screen.getByRole('group', { name: 'Om u met Google te registreren' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Inloggen met Google is mislukt.');
    await waitFor(() =>
      expect(api.bodies('POST /api/auth/google/verify/')).toEqual([{ id_token: 'bad', is_pharmacist: false }]),
    );
  });
});
