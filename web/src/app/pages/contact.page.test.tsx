import { COMPANY } from '@pharmaradar/shared/brand';
import { type Locale } from '@pharmaradar/shared/locales';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiOrigin } from '../../lib/api/client';
import { renderWithProviders } from '../../test/render';
import ContactPage from './contact.page';
import { startContactTestServer, type ContactTestServer } from '../../test/fakes/contact-api-server';
import { expectNoRawMessageIds } from '../../features/info/info-test-helpers';

let server: ContactTestServer;

beforeAll(async () => {
  server = await startContactTestServer();
  setApiOrigin(server.origin);
});

afterAll(async () => {
  setApiOrigin('');
  await server.close();
});

beforeEach(() => {
  server.received.length = 0;
  server.setMode('ok');
});

afterEach(() => {
  vi.restoreAllMocks();
});

const TEXTS: Record<
  Locale,
  {
    h1: string;
    name: string;
    email: string;
    message: string;
    submit: string;
    required: string;
    invalidEmail: string;
    success: RegExp;
    failed: string;
  }
> = {
  fr: {
    h1: 'Contact',
    name: 'Nom',
    email: 'Adresse e-mail',
    message: 'Message',
    submit: 'Envoyer le message',
    required: 'Veuillez remplir tous les champs.',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide.',
    success: /Votre message a bien été envoyé/,
    failed: "Impossible d'envoyer votre message pour le moment.",
  },
  en: {
    h1: 'Contact',
    name: 'Name',
    email: 'Email address',
    message: 'Message',
    submit: 'Send message',
    required: 'Please fill in all fields.',
    invalidEmail: 'Please enter a valid email address.',
    success: /Your message has been sent/,
    failed: 'Unable to send your message right now.',
  },
  nl: {
    h1: 'Contact',
    name: 'Naam',
    email: 'E-mailadres',
    message: 'Bericht',
    submit: 'Bericht versturen',
    required: 'Vul alle velden in.',
    invalidEmail: 'Vul een geldig e-mailadres in.',
    success: /Uw bericht is verzonden/,
    failed: 'Uw bericht kan momenteel niet worden verzonden.',
  },
};
const LOCALE_CASES = Object.entries(TEXTS) as Array<[Locale, (typeof TEXTS)[Locale]]>;

async function renderContact(locale: Locale) {
  const view = renderWithProviders(<ContactPage />, {
    locale,
    route: locale === 'fr' ? '/contact' : `/${locale}/contact`,
  });
  const form = await screen.findByTestId('contact-form');
  const t = TEXTS[locale];
  const fields = {
    name: within(form).getByLabelText(t.name) as HTMLInputElement,
    email: within(form).getByLabelText(t.email) as HTMLInputElement,
    message: within(form).getByLabelText(t.message) as HTMLTextAreaElement,
  };
  const submit = within(form).getByRole('button', { name: t.submit }) as HTMLButtonElement;
  const fill = (values: Partial<Record<keyof typeof fields, string>>) => {
    for (const [key, value] of Object.entries(values))
      fireEvent.change(fields[key as keyof typeof fields], { target: { value } });
  };
  return { ...view, form, fields, submit, fill };
}

describe('ContactPage', () => {
  it.each([
    ['fr', 'PharmaRadar SRL', 'Rue de la Loi 16, 1000 Bruxelles, Belgique'],
    ['en', 'PharmaRadar SRL', 'Rue de la Loi 16, 1000 Brussels, Belgium'],
    ['nl', 'PharmaRadar BV', 'Wetstraat 16, 1000 Brussel, België'],
  ] as const)('gives the postal address in %s', async (locale, legalName, address) => {
    const { container } = await renderContact(locale);
    const lines = (container.querySelector('address')?.innerHTML ?? '').split('<br>');
    expect(lines.slice(0, 2)).toEqual([legalName, address]);
  });

  it.each(LOCALE_CASES)('renders its headings, e-mail block and form in %s', async (locale, t) => {
    const { container, fields, submit } = await renderContact(locale);
    expect(screen.getByRole('heading', { level: 1, name: t.h1 })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(screen.getByRole('link', { name: COMPANY.contactEmail }).getAttribute('href')).toBe(
      `mailto:${COMPANY.contactEmail}`,
    );
    expect(screen.getByRole('link', { name: COMPANY.privacyEmail }).getAttribute('href')).toBe(
      `mailto:${COMPANY.privacyEmail}`,
    );
    expect(container.querySelector('address')?.textContent).toContain(COMPANY.vatNumber);
    expect([fields.name.name, fields.email.name, fields.message.name]).toEqual(['name', 'email', 'message']);
    expect(submit.type).toBe('submit');
    expectNoRawMessageIds(container);
  });

  it.each(LOCALE_CASES)('refuses empty fields with a translated alert and sends nothing (%s)', async (locale, t) => {
    const { form, fields, submit, fill } = await renderContact(locale);
    fireEvent.click(submit);
    expect((await within(form).findByRole('alert')).textContent).toBe(t.required);
    expect(fields.name.getAttribute('aria-invalid')).toBe('true');
    expect(fields.email.getAttribute('aria-invalid')).toBe('true');
    expect(fields.message.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(fields.name));

    // One field left empty (a blank message counts as empty) is still refused.
    fill({ name: 'Anne', email: 'anne@example.be', message: '   ' });
    fireEvent.click(submit);
    await waitFor(() => expect(fields.message.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByRole('alert').textContent).toBe(t.required);
    expect(fields.name.getAttribute('aria-invalid')).toBeNull();
    expect(server.received).toHaveLength(0);
  });

  it.each(LOCALE_CASES)('refuses an invalid e-mail address with its own message (%s)', async (locale, t) => {
    const { form, fields, submit, fill } = await renderContact(locale);
    fill({ name: 'Anne', email: 'anne@', message: 'Bonjour' });
    fireEvent.click(submit);
    expect((await within(form).findByRole('alert')).textContent).toBe(t.invalidEmail);
    expect(fields.email.getAttribute('aria-invalid')).toBe('true');
    expect(fields.name.getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(fields.email));
    expect(server.received).toHaveLength(0);
  });

  it.each(LOCALE_CASES)(
    'sends the message, shows a busy state, then confirms and clears the form (%s)',
    async (locale, t) => {
      server.setMode('hold');
      const { form, fields, submit, fill } = await renderContact(locale);
      fill({
        name: '  Anne Peeters ',
        email: 'anne.peeters@example.be',
        message: 'Pouvez-vous ajouter la pharmacie X ?',
      });
      fireEvent.click(submit);

      await waitFor(() => expect(server.received).toHaveLength(1));
      expect(form.getAttribute('aria-busy')).toBe('true');
      expect(submit.disabled).toBe(true);
      // What the server received: the shared schema's output, with the CSRF header.
      expect(server.received[0]?.body).toEqual({
        name: 'Anne Peeters',
        email: 'anne.peeters@example.be',
        message: 'Pouvez-vous ajouter la pharmacie X ?',
      });
      expect(server.received[0]?.csrfHeader).toBe('test-csrf-token');

      server.release();
      const status = await within(form).findByText(t.success);
      expect(status.closest('[role="status"]')).toBeTruthy();
      expect(form.getAttribute('aria-busy')).toBe('false');
      expect(submit.disabled).toBe(false);
      expect([fields.name.value, fields.email.value, fields.message.value]).toEqual(['', '', '']);
      expect(within(form).queryByRole('alert')).toBeNull();
    },
  );

  it.each(LOCALE_CASES)('keeps what was typed and says so when the server fails (%s)', async (locale, t) => {
    server.setMode('fail');
    const { form, fields, submit, fill } = await renderContact(locale);
    fill({ name: 'Jan', email: 'jan@example.be', message: 'Hallo' });
    fireEvent.click(submit);
    expect((await within(form).findByRole('alert')).textContent).toBe(t.failed);
    expect(server.received).toHaveLength(1);
    expect([fields.name.value, fields.email.value, fields.message.value]).toEqual(['Jan', 'jan@example.be', 'Hallo']);
    expect(submit.disabled).toBe(false);
    expect(within(form).getByRole('status').textContent).toBe('');
  });

  it('shows the failure message when the server cannot be reached', async () => {
    const unreachable = await startContactTestServer();
    await unreachable.close();
    setApiOrigin(unreachable.origin);
    try {
      const { form, fields, submit, fill } = await renderContact('en');
      fill({ name: 'Jan', email: 'jan@example.be', message: 'Hello' });
      fireEvent.click(submit);
      expect((await within(form).findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(TEXTS.en.failed);
      expect(fields.message.value).toBe('Hello');
    } finally {
      setApiOrigin(server.origin);
    }
  });

  it('shows the server reason when it refuses the message (rate limit)', async () => {
    server.setMode('rate-limited');
    const { form, fill, submit, fields } = await renderContact('fr');
    fill({ name: 'Jan', email: 'jan@example.be', message: 'Bonjour' });
    fireEvent.click(submit);
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Trop de messages envoyés. Réessayez dans une minute.',
    );
    expect(fields.message.value).toBe('Bonjour');
  });

  it.each(LOCALE_CASES)('does not try to send while offline (%s)', async (locale) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { form, fields, submit, fill } = await renderContact(locale);
    fill({ name: 'Jan', email: 'jan@example.be', message: 'Hallo' });
    fireEvent.click(submit);
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toMatch(
      { fr: /Vous êtes hors ligne/, en: /You are offline/, nl: /U bent offline/ }[locale],
    );
    expect(server.received).toHaveLength(0);
    expect(fields.message.value).toBe('Hallo');
  });
});
