import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { BRAND_NAME, COMPANY } from '@pharmaradar/shared/brand';
import { type Locale } from '@pharmaradar/shared/locales';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DESKTOP, PHONE, screenshot, type PageOptions, type TestPage } from '../support/harness';
import { useJourney } from '../support/journey';

// Information pages: about, legal, privacy, FAQ, contact in fr, en, nl.

const PAGES = ['about', 'legal', 'privacy', 'faq', 'contact'] as const;
type InfoPath = (typeof PAGES)[number];

const H1: Record<Locale, Record<InfoPath, string>> = {
  fr: {
    about: `À propos de ${BRAND_NAME}`,
    legal: "Mentions légales et conditions d'utilisation",
    privacy: 'Politique de confidentialité',
    faq: 'Questions fréquentes',
    contact: 'Contact',
  },
  en: {
    about: `About ${BRAND_NAME}`,
    legal: 'Legal notice and terms of use',
    privacy: 'Privacy policy',
    faq: 'Frequently asked questions',
    contact: 'Contact',
  },
  nl: {
    about: `Over ${BRAND_NAME}`,
    legal: 'Wettelijke vermeldingen en gebruiksvoorwaarden',
    privacy: 'Privacybeleid',
    faq: 'Veelgestelde vragen',
    contact: 'Contact',
  },
};

const CONTACT_TEXTS: Record<Locale, { submit: string; required: string; email: string; success: string }> = {
  fr: {
    submit: 'Envoyer le message',
    required: 'Veuillez remplir tous les champs.',
    email: 'Veuillez saisir une adresse e-mail valide.',
    success: 'Merci ! Votre message a bien été envoyé. Nous vous répondrons par e-mail.',
  },
  en: {
    submit: 'Send message',
    required: 'Please fill in all fields.',
    email: 'Please enter a valid email address.',
    success: 'Thank you! Your message has been sent. We will reply by email.',
  },
  nl: {
    submit: 'Bericht versturen',
    required: 'Vul alle velden in.',
    email: 'Vul een geldig e-mailadres in.',
    success: 'Bedankt! Uw bericht is verzonden. We antwoorden u per e-mail.',
  },
};

describe('information pages', () => {
  const journey = useJourney();

  const url = (locale: Locale, path: string) => journey.url(`${locale === 'fr' ? '' : `/${locale}`}/${path}`);

  /** Runs a journey step in a fresh browser context; a failure leaves a screenshot in e2e/artifacts. */
  async function withPage(name: string, options: PageOptions, step: (tp: TestPage) => Promise<void>): Promise<void> {
    const tp = await journey.open(options);
    try {
      await step(tp);
      expect(tp.pageErrors).toEqual([]);
    } catch (error) {
      await screenshot(tp.page, `info-failed-${name}`).catch(() => undefined);
      throw error;
    } finally {
      await tp.context.close();
    }
  }

  async function isInViewport(page: Page, locator: Locator): Promise<boolean> {
    const box = await locator.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    return box !== null && box.y >= 0 && box.y < height;
  }

  async function openContactForm(page: Page, locale: Locale): Promise<Locator> {
    await page.goto(url(locale, 'contact'));
    const form = page.getByTestId('contact-form');
    await form.waitFor();
    return form;
  }

  // axe is slow on this machine (seconds per page): every page is checked in one language per width.
  for (const [label, viewport, axeLocale] of [
    ['desktop', DESKTOP, 'fr'],
    ['390px', PHONE, 'nl'],
  ] as const) {
    it(`renders the h1 of every information page in fr, en and nl (${label})`, { timeout: 240_000 }, async () => {
      await withPage(`h1-${label}`, { viewport }, async ({ page }) => {
        for (const locale of ['fr', 'en', 'nl'] as const) {
          for (const path of PAGES) {
            await page.goto(url(locale, path));
            await page.getByRole('heading', { level: 1, name: H1[locale][path], exact: true }).waitFor();
            expect(await page.locator('h1').count()).toBe(1);
            expect(await page.locator('html').getAttribute('lang')).toBe(locale);
            // Readable on a phone: nothing wider than the screen.
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${locale} ${path}`).toBeLessThanOrEqual(0);
            if (locale === axeLocale) await expectNoSeriousA11yViolations(page, `${locale} ${path} ${label}`);
          }
        }
        await screenshot(page, `info-contact-nl-${label}`);
      });
    });
  }

  it('jumps to each privacy section from the table of contents, and to a deep link', async () => {
    await withPage('privacy-toc', { viewport: PHONE }, async ({ page }) => {
      await page.goto(url('en', 'privacy'));
      const toc = page.getByRole('navigation', { name: 'Contents' });
      await toc.waitFor();
      const links = toc.getByRole('link');
      const count = await links.count();
      expect(count).toBe(9);

      // Each section's id is read from its contents link: the web's unit tests hold those links to the one list of sections.
      let previousId: string | null = null;
      for (let i = 0; i < count; i++) {
        const link = links.nth(i);
        const id = ((await link.getAttribute('href')) ?? '').replace(/^#/, '');
        const name = (await link.textContent()) ?? '';
        if (previousId !== null) {
          // Back to the contents first, through the previous section's own link.
          await page.locator(`#${previousId}`).getByRole('link', { name: 'Back to contents' }).click();
          await page.waitForURL(/#toc$/);
        }
        await link.click();
        await page.waitForURL(new RegExp(`/en/privacy#${id}$`));
        const heading = page.locator(`#${id}`).getByRole('heading', { level: 2, name });
        await expect.poll(() => isInViewport(page, heading)).toBe(true);
        expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
        previousId = id;
      }
      await screenshot(page, 'info-privacy-toc-390px-en');

      // Back in history returns to the previous fragment without leaving the page.
      await page.goBack();
      await page.waitForURL(/#toc$/);
      expect(await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).count()).toBe(1);

      // A link from elsewhere, opened in the same tab, lands on its section.
      await page.goto(url('nl', 'privacy#retention'));
      const retention = page.locator('#retention').getByRole('heading', { level: 2, name: 'Bewaartermijnen' });
      await retention.waitFor();
      await expect.poll(() => isInViewport(page, retention)).toBe(true);
      expect(await page.locator('#retention').textContent()).toContain('uiterlijk 30 dagen na de afsluiting');
    });
  });

  it('opens and closes FAQ answers', async () => {
    await withPage('faq', { viewport: PHONE }, async ({ page }) => {
      await page.goto(url('nl', 'faq'));
      const question = page.getByRole('button', { name: 'Wat is een CNK-code?' });
      await question.waitFor();
      const questions = page.getByTestId('faq-list').getByRole('button');
      expect(await questions.count()).toBeGreaterThanOrEqual(8);
      expect(await question.getAttribute('aria-expanded')).toBe('false');
      const answer = page.getByRole('region', { name: 'Wat is een CNK-code?' });
      expect(await answer.isVisible()).toBe(false);

      await question.click();
      expect(await question.getAttribute('aria-expanded')).toBe('true');
      await answer.waitFor({ state: 'visible' });
      expect(await answer.textContent()).toContain('nummer van 7 cijfers');
      await expectNoSeriousA11yViolations(page, 'faq with an open answer');

      // The keyboard works too: Enter on the focused question closes it.
      await question.focus();
      await page.keyboard.press('Enter');
      expect(await question.getAttribute('aria-expanded')).toBe('false');
      await answer.waitFor({ state: 'hidden' });
    });
  });

  for (const locale of ['fr', 'en', 'nl'] as const) {
    it(`refuses empty fields and an invalid e-mail in ${locale}`, async () => {
      const t = CONTACT_TEXTS[locale];
      await withPage(`contact-validation-${locale}`, { viewport: PHONE }, async ({ page }) => {
        const form = await openContactForm(page, locale);
        const before = (await journey.app.mails()).length;

        await form.getByRole('button', { name: t.submit }).click();
        await expect.poll(() => form.getByRole('alert').textContent()).toBe(t.required);
        expect(await form.locator('[name="name"]').getAttribute('aria-invalid')).toBe('true');

        await form.locator('[name="name"]').fill('Sofie Maes');
        await form.locator('[name="email"]').fill('sofie.maes@');
        await form.locator('[name="message"]').fill('Test');
        await form.getByRole('button', { name: t.submit }).click();
        await expect.poll(() => form.getByRole('alert').textContent()).toBe(t.email);
        expect(await form.locator('[name="email"]').getAttribute('aria-invalid')).toBe('true');
        await expectNoSeriousA11yViolations(page, `contact form with errors (${locale})`);
        // Nothing typed is lost, nothing was sent.
        expect(await form.locator('[name="message"]').inputValue()).toBe('Test');
        expect((await journey.app.mails()).length).toBe(before);
      });
    });
  }

  /** The contact rows as stored by the running server, read through a separate read-only connection. */
  function storedContactMessages(): Array<Record<string, unknown>> {
    const db = new Database(path.join(journey.app.dataDir, 'pharmaradar.db'), { readonly: true, fileMustExist: true });
    try {
      return db
        .prepare('SELECT name, email, message, locale, mail_status FROM contact_messages ORDER BY id')
        .all() as Array<Record<string, unknown>>;
    } finally {
      db.close();
    }
  }

  it('sends a contact message: confirmation shown, form cleared, mail in the outbox, row stored', async () => {
    await withPage('contact-sent', { viewport: PHONE }, async ({ page }) => {
      const form = await openContactForm(page, 'fr');
      const email = page.getByRole('link', { name: COMPANY.contactEmail }).first();
      expect(await email.getAttribute('href')).toBe(`mailto:${COMPANY.contactEmail}`);

      const message = 'Bonjour, pourriez-vous comparer aussi la pharmacie de mon quartier ?';
      await form.locator('[name="name"]').fill('Anne Peeters');
      await form.locator('[name="email"]').fill('anne.peeters@example.be');
      await form.locator('[name="message"]').fill(message);
      await form.locator('button[type="submit"]').click();

      await expect
        .poll(() => form.getByRole('status').textContent(), { timeout: 15_000 })
        .toBe(CONTACT_TEXTS.fr.success);
      expect(await form.locator('[name="name"]').inputValue()).toBe('');
      expect(await form.locator('[name="message"]').inputValue()).toBe('');
      expect(await form.getAttribute('aria-busy')).toBe('false');
      await expectNoSeriousA11yViolations(page, 'contact form sent');
      await screenshot(page, 'info-contact-sent-390px-fr');

      const mail = await journey.app.waitForMail((m) => m.text.includes(message));
      expect(mail.text).toContain('Anne Peeters');
      expect(mail.text).toContain('anne.peeters@example.be');
      expect(mail.replyTo).toContain('anne.peeters@example.be');

      // Kept server-side too (so nothing is lost if mailing fails), marked as mailed.
      expect(storedContactMessages().filter((row) => row.message === message)).toEqual([
        { name: 'Anne Peeters', email: 'anne.peeters@example.be', message, locale: 'fr', mail_status: 'sent' },
      ]);
    });
  });

  it('does not try to send while offline and keeps the message', async () => {
    await withPage('contact-offline', { viewport: DESKTOP }, async ({ page, context }) => {
      const form = await openContactForm(page, 'en');
      const before = (await journey.app.mails()).length;
      await form.locator('[name="name"]').fill('Jan');
      await form.locator('[name="email"]').fill('jan@example.be');
      await form.locator('[name="message"]').fill('Sent from the train');
      await context.setOffline(true);
      await form.locator('button[type="submit"]').click();
      await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/^You are offline\./);
      await expectNoSeriousA11yViolations(page, 'contact form offline');
      expect(await form.locator('[name="message"]').inputValue()).toBe('Sent from the train');
      await context.setOffline(false);
      expect((await journey.app.mails()).length).toBe(before);
    });
  });
});
