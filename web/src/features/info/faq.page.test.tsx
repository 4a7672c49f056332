import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { type Locale } from '@pharmaradar/shared/locales';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import FaqPage from './faq.page';
import { expectNoRawMessageIds } from './info-test-helpers';

const EXPECTED: Record<Locale, { h1: string; cnk: string; cnkAnswer: RegExp; free: string }> = {
  fr: {
    h1: 'Questions fréquentes',
    cnk: "Qu'est-ce qu'un code CNK ?",
    cnkAnswer: /numéro à 7 chiffres/,
    free: `${BRAND_NAME} est-il gratuit ?`,
  },
  en: {
    h1: 'Frequently asked questions',
    cnk: 'What is a CNK code?',
    cnkAnswer: /7-digit number/,
    free: `Is ${BRAND_NAME} free?`,
  },
  nl: {
    h1: 'Veelgestelde vragen',
    cnk: 'Wat is een CNK-code?',
    cnkAnswer: /nummer van 7 cijfers/,
    free: `Is ${BRAND_NAME} gratis?`,
  },
};

describe('FaqPage', () => {
  it.each(Object.entries(EXPECTED) as Array<[Locale, (typeof EXPECTED)[Locale]]>)(
    'renders its heading and questions, all closed, in %s',
    async (locale, expected) => {
      const { container } = renderWithProviders(<FaqPage />, { locale, route: `/${locale}/faq` });
      expect(await screen.findByRole('heading', { level: 1, name: expected.h1 })).toBeTruthy();
      const questions = screen.getAllByRole('button');
      expect(questions.length).toBeGreaterThanOrEqual(8);
      for (const question of questions) expect(question.getAttribute('aria-expanded')).toBe('false');
      expect(screen.getByRole('button', { name: expected.cnk })).toBeTruthy();
      expect(screen.getByRole('button', { name: expected.free })).toBeTruthy();
      // Closed answers are out of the accessibility tree.
      expect(screen.queryByRole('region')).toBeNull();
      const cnkAnswer = screen.getByText(expected.cnkAnswer).closest('[role="region"]') as HTMLElement;
      expect(cnkAnswer.hidden).toBe(true);
      expectNoRawMessageIds(container);
    },
  );

  it('opens and closes an answer with its question button', async () => {
    renderWithProviders(<FaqPage />, { locale: 'en', route: '/en/faq' });
    const question = await screen.findByRole('button', { name: 'Are the prices up to date?' });
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(answer.hidden).toBe(true);

    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(answer.hidden).toBe(false);
    expect(screen.getByRole('region', { name: 'Are the prices up to date?' }).textContent).toMatch(
      /They remain indicative/,
    );

    // Opening another question leaves the first one open.
    fireEvent.click(screen.getByRole('button', { name: 'Which pharmacies are compared?' }));
    expect(question.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(answer.hidden).toBe(true);
  });

  it('answers the questions users ask with real facts', async () => {
    renderWithProviders(<FaqPage />, { locale: 'fr', route: '/faq' });
    for (const button of await screen.findAllByRole('button')) fireEvent.click(button);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Farmaline, Medi-Market et Multipharma');
    expect(text.replace(/\s/g, ' ')).toContain('30,00 € par mois TVA comprise');
    expect(text).not.toContain('partir de 30');
    expect(text).toContain('ne peuvent pas être vendus en ligne en Belgique');
    expect(text).toContain('au plus tard 30 jours après sa clôture');
    expect(screen.getByRole('link', { name: 'Voir les offres et leurs tarifs' }).getAttribute('href')).toBe('/offers');
  });

  it.each([
    ['fr', '30,00 € par mois TVA comprise', 'partir de'],
    ['en', '€30.00 per month incl. VAT', 'from'],
    ['nl', '€ 30,00 per maand incl. btw', 'vanaf'],
  ] as const)('(%s) states the one Pro price with VAT included, not "from"', async (locale, price, from) => {
    renderWithProviders(<FaqPage />, { locale, route: `/${locale}/faq#faq-pro` });
    const answer = (await screen.findByRole('region')).textContent?.replace(/\s/g, ' ') ?? '';
    expect(answer).toContain(price);
    expect(answer).not.toMatch(new RegExp(`${from} (€ ?)?30`, 'i'));
  });

  it('opens the question named in the URL fragment', async () => {
    renderWithProviders(<FaqPage />, { locale: 'nl', route: '/nl/faq#faq-cnk' });
    const question = await screen.findByRole('button', { name: 'Wat is een CNK-code?' });
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/nummer van 7 cijfers/)).toBeTruthy();
  });
});
