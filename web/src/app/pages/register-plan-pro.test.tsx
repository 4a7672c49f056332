import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { hostedPageUrl } from '../../test/fakes/billing-fixtures';
import { renderWithProviders } from '../../test/render';
import RegisterPage from '../../features/accounts/register.page';
import VerifyOtpPage from './verify-otp.page';
import { fill, fillValidRegistration, submit } from '../../features/accounts/test-helpers';

// /register?plan=pro (plans page, Pro wall): the checkout follows the e-mail verification.
const api = serveAuthApi();
afterEach(() => {
  window.location.hash = '';
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

describe('registering for Pro', () => {
  it('keeps ?plan=pro on the way to the code (nl)', async () => {
    api.on('POST /api/auth/register/', { status: 201, body: { detail: 'Code sent.', email: 'anne@example.be' } });
    renderWithProviders(<RegisterPage />, {
      locale: 'nl',
      route: '/nl/register?plan=pro',
      path: '/nl/register',
      session: true,
      routes: [{ path: '/nl/verify-otp', element: <Where /> }],
    });
    fillValidRegistration();
    submit();
    expect((await screen.findByTestId('where')).textContent).toBe('/nl/verify-otp?plan=pro');
  });

  function renderVerify() {
    sessionStorage.setItem('pe_pending_email', 'anne@example.be');
    api.on('POST /api/auth/verify-otp/', () => {
      api.user = testUser();
      return { body: { user: testUser() } };
    });
    return renderWithProviders(<VerifyOtpPage />, {
      locale: 'fr',
      route: '/verify-otp?plan=pro',
      path: '/verify-otp',
      session: true,
      routes: [
        { path: '/', element: <p>home page</p> },
        { path: '/compte', element: <Where /> },
      ],
    });
  }

  it('opens the checkout once the code is accepted', async () => {
    api.on('POST /api/billing/create-checkout-session/', { body: { url: hostedPageUrl('checkout') } });
    renderVerify();
    fill('code', '123456');
    submit();
    await waitFor(() => expect(window.location.hash).toBe('#checkout'));
    expect(api.bodies('POST /api/billing/create-checkout-session/')).toHaveLength(1);
    expect(screen.queryByText('home page')).toBeNull();
  });

  it('falls back to the account upgrade block when the checkout cannot start', async () => {
    api.on('POST /api/billing/create-checkout-session/', {
      status: 502,
      body: { code: 'checkout_failed', detail: 'x' },
    });
    renderVerify();
    fill('code', '123456');
    submit();
    expect((await screen.findByTestId('where')).textContent).toBe('/compte?highlight=pro');
  });
});
