import { describe, expect, it } from 'vitest';
import { productLandingTexts, productNameFromHeading } from './product-landing';

describe('productNameFromHeading', () => {
  it("gives back the product's name in each language, never the page heading", () => {
    const product = {
      name: 'Dafalgan Forte 1 g 40 comprimés',
      names: { nl: 'Dafalgan Forte 1 g 40 tabletten' },
      brand: null,
      cnk: '2322162',
    };
    expect(productNameFromHeading(productLandingTexts(product, 'fr').heading)).toBe('Dafalgan Forte 1 g 40 comprimés');
    expect(productNameFromHeading(productLandingTexts(product, 'en').heading)).toBe('Dafalgan Forte 1 g 40 comprimés');
    expect(productNameFromHeading(productLandingTexts(product, 'nl').heading)).toBe('Dafalgan Forte 1 g 40 tabletten');
    expect(productNameFromHeading('Sirop X')).toBe('Sirop X');
  });
});
