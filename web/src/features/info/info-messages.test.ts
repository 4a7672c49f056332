import { LOCALES } from '@pharmaradar/shared/locales';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../../lib/i18n/flatten';
import type { Messages } from '../../lib/i18n/load-locale';
import { readNamespaceFromDisk } from '../../test/disk-messages';

const OWN_NAMESPACES = ['info', 'contact'] as const;

function messagesOf(locale: (typeof LOCALES)[number], namespace: (typeof OWN_NAMESPACES)[number]): Messages {
  return flattenMessages(readNamespaceFromDisk(locale, namespace), namespace, {});
}

describe('info and contact locale files', () => {
  it.each(OWN_NAMESPACES)('%s has the same keys in fr, en and nl, none empty', (namespace) => {
    const fr = Object.keys(messagesOf('fr', namespace)).sort();
    expect(fr.length).toBeGreaterThan(10);
    for (const locale of LOCALES) {
      const messages = messagesOf(locale, namespace);
      expect(Object.keys(messages).sort(), locale).toEqual(fr);
      for (const [id, text] of Object.entries(messages)) expect(String(text).trim(), `${locale} ${id}`).not.toBe('');
    }
  });

  it.each(LOCALES)('every %s message is valid ICU and formats without error', (locale) => {
    const errors: string[] = [];
    const messages = { ...messagesOf(locale, 'info'), ...messagesOf(locale, 'contact') };
    const intl = createIntl({ locale, messages, onError: (error) => errors.push(error.message) });
    const values = {
      brand: 'B',
      legalName: 'L',
      address: 'A',
      vat: 'V',
      email: 'E',
      date: 'D',
      website: 'W',
      proPrice: 'P',
    };
    for (const id of Object.keys(messages)) {
      const text = intl.formatMessage({ id }, values);
      // Placeholders are all filled: nothing like "{brand}" is left in what a user would read.
      expect(text, `${locale} ${id}`).not.toMatch(/[{}]/);
    }
    expect(errors).toEqual([]);
  });

  it('has the contact messages the specification names, word for word', () => {
    expect(messagesOf('fr', 'contact')['contact.errors.required']).toBe('Veuillez remplir tous les champs.');
    expect(messagesOf('en', 'contact')['contact.errors.required']).toBe('Please fill in all fields.');
    expect(messagesOf('nl', 'contact')['contact.errors.required']).toBe('Vul alle velden in.');
    expect(messagesOf('fr', 'contact')['contact.errors.failed']).toBe(
      "Impossible d'envoyer votre message pour le moment.",
    );
    expect(messagesOf('en', 'contact')['contact.errors.failed']).toBe('Unable to send your message right now.');
    expect(messagesOf('nl', 'contact')['contact.errors.failed']).toBe(
      'Uw bericht kan momenteel niet worden verzonden.',
    );
  });
});
