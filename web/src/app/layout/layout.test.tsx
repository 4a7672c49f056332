import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiOrigin } from '../../lib/api/client';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../test/fakes/http-server';
import { renderWithProviders } from '../../test/render';
import { Layout } from './layout';
import { MENU_HINT_KEY } from './use-burger-hint';

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    if (req.path === '/api/auth/csrf/') return sendJson(res, 200, { csrfToken: 'tok' });
    if (req.path === '/api/auth/me/') return sendJson(res, 200, { user: null });
    sendJson(res, 404, { detail: 'no', code: 'not_found' });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  setApiOrigin(server.origin);
  localStorage.setItem(MENU_HINT_KEY, '1');
});

describe('layout', () => {
  it.each([
    ['fr', '/about', 'Aller au contenu'],
    ['en', '/en/about', 'Skip to content'],
    ['nl', '/nl/about', 'Naar de inhoud'],
  ] as const)('starts with a skip link to the main content (%s)', async (locale, route, label) => {
    const { container } = renderWithProviders(<Layout />, { locale, route, session: true });
    await screen.findByTestId('nav-login');
    const first = container.querySelector('a, button, select, input, [tabindex]:not([tabindex="-1"])');
    expect(first?.textContent).toBe(label);
    expect(first?.getAttribute('href')).toBe('#main');
    const main = screen.getByRole('main');
    expect(main.id).toBe('main');
    // Focusable by script, so following the link moves the keyboard focus there too.
    expect(main.getAttribute('tabindex')).toBe('-1');
  });
});
