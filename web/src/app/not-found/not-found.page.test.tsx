import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import NotFoundPage from './not-found.page';

it.each([
  ['fr', '/404', 'Page introuvable', '/'],
  ['en', '/en/404', 'Page not found', '/en'],
  ['nl', '/nl/404', 'Pagina niet gevonden', '/nl'],
] as const)('404 page in %s links back home', (locale, route, title, home) => {
  renderWithProviders(<NotFoundPage />, { locale, route });
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  expect(screen.getAllByRole('link')[0]?.getAttribute('href')).toBe(home);
});
