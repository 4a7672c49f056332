import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveAuthApi, testUser } from '../../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../../test/render';
import { HomeHeader } from './home-header';

// docs/product.md#home: signed in, the header shows the plan badge and an avatar with the first letter of the first name.
describe('home header when signed in', () => {
  const api = serveAuthApi();

  it('shows the Gratuit badge and the initial of a free user, linking to the account', async () => {
    api.user = testUser({ first_name: 'anne', is_pro: false });
    renderWithProviders(<HomeHeader />, { locale: 'fr', session: true });
    const avatar = await screen.findByTestId('home-avatar');
    expect(avatar.textContent).toBe('A');
    expect(screen.getByTestId('home-plan-badge').textContent).toBe('Gratuit');
    const link = within(screen.getByRole('banner')).getByRole('link', { name: 'Mon compte (Gratuit)' });
    expect(link.getAttribute('href')).toMatch(/\/compte$/);
  });

  it('shows the Pro badge in Dutch and falls back to the e-mail initial', async () => {
    api.user = testUser({ first_name: '', email: 'jan@example.be', is_pro: true });
    renderWithProviders(<HomeHeader />, { locale: 'nl', route: '/nl', session: true });
    expect((await screen.findByTestId('home-avatar')).textContent).toBe('J');
    expect(screen.getByTestId('home-plan-badge').textContent).toBe('Pro');
  });

  it('shows the Ultra badge for an Ultra user', async () => {
    api.user = testUser({ is_pro: true, plan: 'ultra' });
    renderWithProviders(<HomeHeader />, { locale: 'en', route: '/en', session: true });
    await screen.findByTestId('home-avatar');
    expect(screen.getByTestId('home-plan-badge').textContent).toBe('Ultra');
  });

  it('shows the login link and no avatar when nobody is signed in', async () => {
    api.user = null;
    renderWithProviders(<HomeHeader />, { locale: 'fr', session: true });
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.queryByTestId('home-avatar')).toBeNull();
  });
});
