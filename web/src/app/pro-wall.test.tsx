import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveAuthApi, testUser } from '../test/fakes/auth-api-server';
import { renderWithProviders } from '../test/render';
import { ProWall } from './pro-wall';

const api = serveAuthApi();
const VIDEO = { src: 'http://127.0.0.1:9/pro-intro.mp4', poster: 'http://127.0.0.1:9/pro-intro.jpg' };

function renderWall(route: string, locale: 'fr' | 'en' | 'nl', video: typeof VIDEO | null = null) {
  return renderWithProviders(
    <ProWall video={video}>
      <p data-testid="pro-tool">the Pro tool</p>
    </ProWall>,
    { locale, route, session: true },
  );
}

describe('Pro wall', () => {
  it('renders nothing of the wall nor the tool until the session check is over', async () => {
    api.on('GET /api/auth/me/', { body: { user: null }, delayMs: 300 });
    renderWall('/pro', 'fr');
    expect(screen.getByTestId('pro-wall-booting')).toBeTruthy();
    expect(screen.queryByTestId('pro-tool')).toBeNull();
    expect(screen.queryByTestId('pro-wall-marketing')).toBeNull();
    expect(await screen.findByTestId('pro-wall-marketing')).toBeTruthy();
  });

  it('shows a visitor the marketing wall with its four ways in (fr)', async () => {
    renderWall('/pro', 'fr');
    const wall = await screen.findByTestId('pro-wall-marketing');
    const href = (name: string) => within(wall).getByRole('link', { name }).getAttribute('href');
    expect(href('Passer à Pro')).toBe('/register?plan=pro');
    expect(href('Créer un compte gratuit')).toBe('/register');
    expect(href('Se connecter')).toBe('/login?from=%2Fpro');
    expect(href('Déjà inscrit ? Passer à Pro depuis mon compte')).toBe('/compte?highlight=pro');
    expect(within(wall).getByTestId('plans-table')).toBeTruthy();
    expect(within(wall).queryByRole('button', { name: /présentation/ })).toBeNull();
    expect(screen.queryByTestId('pro-tool')).toBeNull();
  });

  it('keeps the language and the asked path in the login link (nl)', async () => {
    renderWall('/nl/nego', 'nl');
    const wall = await screen.findByTestId('pro-wall-marketing');
    expect(within(wall).getByRole('link', { name: 'Inloggen' }).getAttribute('href')).toBe(
      '/nl/login?from=%2Fnl%2Fnego',
    );
    expect(within(wall).getByRole('link', { name: 'Overstappen naar Pro' }).getAttribute('href')).toBe(
      '/nl/register?plan=pro',
    );
  });

  it('plays the configured video only once its poster is clicked (en)', async () => {
    renderWall('/en/nego', 'en', VIDEO);
    const play = await screen.findByRole('button', { name: 'Watch the introduction (2 min)' });
    expect(play.querySelector('img')?.getAttribute('src')).toBe(VIDEO.poster);
    expect(document.querySelector('video')).toBeNull();
    fireEvent.click(play);
    expect(screen.getByTestId('pro-video').getAttribute('src')).toBe(VIDEO.src);
  });

  it("shows a free user 'Pro needed' with upgrade and learn more (en)", async () => {
    api.user = testUser();
    renderWall('/en/nego', 'en');
    const needed = await screen.findByTestId('pro-wall-needed');
    expect(within(needed).getByRole('heading').textContent).toBe('Pro feature');
    expect(within(needed).getByRole('link', { name: 'Go Pro' }).getAttribute('href')).toBe('/en/compte?highlight=pro');
    expect(within(needed).getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/en/pro');
    expect(screen.queryByTestId('pro-tool')).toBeNull();
  });

  it.each([
    ['pro', testUser({ is_pro: true, plan: 'pro', subscription_status: 'active' })],
    ['ultra', testUser({ is_pro: true, plan: 'ultra' })],
  ])('lets a %s user through to the tool', async (_plan, user) => {
    api.user = user;
    renderWall('/pro', 'fr');
    expect((await screen.findByTestId('pro-tool')).textContent).toBe('the Pro tool');
    expect(screen.queryByTestId('pro-wall-needed')).toBeNull();
  });
});
