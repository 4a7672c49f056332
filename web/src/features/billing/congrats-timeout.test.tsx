import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import CongratsPage, { POLL_DELAYS_MS } from './congrats.page';

const api = serveAuthApi();
const CHECK = 'GET /api/billing/check-subscription/';

/**
 * Moves the page's clock on in small steps, letting the loopback API answer between them (only
 * setTimeout is faked: sockets and setImmediate run for real), until `done` or the step budget is spent.
 */
async function advanceUntil(done: () => boolean, budgetMs: number): Promise<void> {
  for (let spent = 0; spent < budgetMs && !done(); spent += 100) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('congrats page time limit', () => {
  it('stops checking after its last delay, says activation is late, and checks again on request', async () => {
    api.user = testUser();
    let calls = 0;
    let pro = false;
    api.on(CHECK, () => {
      calls += 1;
      const user = pro
        ? testUser({ is_pro: true, plan: 'pro', subscription_status: 'active' })
        : testUser({ subscription_status: 'incomplete' });
      return { body: { user } };
    });
    renderWithProviders(<CongratsPage />, { locale: 'fr', route: '/congrats', session: true });
    const phase = () => screen.queryByTestId('congrats')?.getAttribute('data-phase');

    const total = POLL_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    await advanceUntil(() => phase() === 'timeout', total + 60_000);
    // One check at once, then one after each delay: never more.
    expect(phase()).toBe('timeout');
    expect(calls).toBe(POLL_DELAYS_MS.length + 1);
    expect(screen.getByRole('status').textContent).toBe(
      'L’activation prend plus de temps que prévu. Elle apparaîtra dans votre compte dès que le paiement est confirmé.',
    );
    expect(screen.queryByRole('link', { name: 'Ouvrir l’Espace Pro' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/compte');

    // Long after the limit, nothing polls any more.
    await advanceUntil(() => false, 60_000);
    expect(calls).toBe(POLL_DELAYS_MS.length + 1);

    // The webhook has landed meanwhile: "check again" finds the account Pro.
    pro = true;
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier à nouveau' }));
    await advanceUntil(() => phase() === 'ok', 30_000);
    expect(phase()).toBe('ok');
    expect(calls).toBe(POLL_DELAYS_MS.length + 2);
    expect(screen.getByRole('link', { name: 'Ouvrir l’Espace Pro' }).getAttribute('href')).toBe('/pro');
  });
});
