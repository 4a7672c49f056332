import { describe, expect, it } from 'vitest';
import { farmalineSearchUrl } from '../farmaline/farmaline.connector';
import { medimarketSearchUrl } from '../medimarket/medimarket.connector';
import { multipharmaSearchUrl } from '../multipharma/multipharma.connector';
import { newpharmaSearchUrl } from '../newpharma/newpharma.connector';
import { retailerQueryText } from './query-text';

const BASE = 'https://shop.example';

describe('retailerQueryText', () => {
  it('drops C0/C1 control characters and lone surrogates, turns line breaks and tabs into spaces', () => {
    expect(retailerQueryText('vi\u0000chy')).toBe('vichy');
    expect(retailerQueryText('\u001b[31mavène\u007f\u0080\u009f')).toBe('[31mavène');
    expect(retailerQueryText('la\troche\r\nposay\u0085')).toBe('la roche posay');
    expect(retailerQueryText('nurofen\ud800')).toBe('nurofen');
    expect(retailerQueryText('\u0000\u0001 \u009b')).toBe('');
  });

  it('keeps letters of any script, digits, punctuation and emoji', () => {
    for (const text of [
      'Avène Cicalfate+',
      'Ökologisch 50 ml',
      'Ζ΄ αλόη',
      'крем',
      'ベビー',
      'dafalgan 💊',
      "l'oréal 1,5 %",
    ]) {
      expect(retailerQueryText(text)).toBe(text);
    }
  });
});

describe('retailer search URLs', () => {
  it.each([
    ['farmaline', farmalineSearchUrl],
    ['medimarket', medimarketSearchUrl],
    ['multipharma', multipharmaSearchUrl],
    ['newpharma', newpharmaSearchUrl],
  ])('%s never sends control characters (%%00, ESC, DEL, C1) to the shop', (_id, build) => {
    const url = build(BASE, 'avè\u0000ne\u001b\u007f\u0085crème 💊');
    expect(new URL(url).searchParams.get('q')).toBe('avène crème 💊');
    expect(url).not.toMatch(/%00|%1B|%7F|%C2%85/i);
  });
});
