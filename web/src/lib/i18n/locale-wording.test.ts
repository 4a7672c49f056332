import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@pharmaradar/shared/locales';
import { loadMessagesFromDisk } from '../../test/disk-messages';

// One voice and one name per language across the served catalogues (web/public/locales): the Dutch
// texts address the reader formally ("u", "uw"), and the Pro area keeps the single name the navbar and
// the plan give it (docs/decisions/229), never a second one coined by a later screen.

/** The informal Dutch pronouns, as whole words (so "jeugd" or "bijouw" never count). */
const INFORMAL_DUTCH = /(?<![\p{L}\p{N}])(je|jij|jou|jouw|jezelf)(?![\p{L}\p{N}])/iu;

const PRO_AREA_NAME = 'Espace Pro';
/** Other names the Pro area has been given, in any of the languages. */
const OTHER_PRO_NAMES =
  /\b(?:pro[- ](?:ruimte|tool|omgeving|gedeelte|zone|area|space|section)|outil pro|espace professionnel)\b/i;

const entries = (locale: Locale) => Object.entries(loadMessagesFromDisk(locale));

describe('wording of the message catalogues', () => {
  it('the Dutch texts say "u" and "uw", never "je", "jij", "jou" or "jouw"', () => {
    const informal = entries('nl')
      .filter(([, text]) => INFORMAL_DUTCH.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(informal).toEqual([]);
  });

  it.each(LOCALES)('%s names the Pro area "Espace Pro" and by no other name', (locale) => {
    const messages = entries(locale);
    const others = messages.filter(([, text]) => OTHER_PRO_NAMES.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(others).toEqual([]);
    // The navbar's entry, the plan and the button that opens the area all carry the one name.
    const table = Object.fromEntries(messages);
    for (const key of [
      'layout.nav.pro',
      'billing.offers.pro.name',
      'billing.congrats.tool',
      'account.subscription.openTool',
    ])
      expect(table[key], `${locale}: ${key}`).toContain(PRO_AREA_NAME);
  });
});
