import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ClockIcon } from './icons';
import { StatusPage } from './status-page';

describe('StatusPage', () => {
  it('titles the page and links out in the current language, the first link as the primary button', () => {
    renderWithProviders(
      <StatusPage
        id="demo"
        icon={<ClockIcon />}
        title="Bientôt"
        body="Texte"
        links={[
          { to: '/', label: 'Accueil' },
          { to: '/about', label: 'À propos' },
        ]}
      />,
      { locale: 'nl', route: '/nl/x' },
    );
    const section = screen.getByTestId('demo');
    expect(screen.getByRole('heading', { level: 1, name: 'Bientôt' })).toBeTruthy();
    expect(section.getAttribute('aria-labelledby')).toBe('demo-title');
    const home = screen.getByRole('link', { name: 'Accueil' });
    expect(home.getAttribute('href')).toBe('/nl');
    expect(home.className).toContain('btn--primary');
    expect(screen.getByRole('link', { name: 'À propos' }).className).toContain('btn--secondary');
    expect(document.title).toBe('Bientôt · PharmaRadar');
  });

  it('as an alert it leaves the document title alone and puts its own actions first', () => {
    document.title = 'Before';
    renderWithProviders(
      <StatusPage
        id="oops"
        alert
        documentTitle={false}
        icon="!"
        title="Erreur"
        body="Texte"
        actions={<button type="button">Recharger</button>}
        links={[{ to: '/', label: 'Accueil' }]}
      />,
    );
    expect(screen.getByRole('alert').getAttribute('data-testid')).toBe('oops');
    expect(screen.getByRole('link', { name: 'Accueil' }).className).toContain('btn--secondary');
    expect(document.title).toBe('Before');
  });
});
