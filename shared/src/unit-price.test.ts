import { describe, expect, it } from 'vitest';
import { parsePack, unitPriceOf } from './unit-price';

describe('parsePack', () => {
  it.each([
    // fr
    ['Dafalgan 500 mg 30 comprimés', { count: 30, unit: 'tablet' }],
    ['Dafalgan 500 mg 20 comprimés effervescents', { count: 20, unit: 'tablet' }],
    ['Imodium 2 mg 20 gélules', { count: 20, unit: 'capsule' }],
    ['Dafalgan Instant 500 mg 20 sachets', { count: 20, unit: 'sachet' }],
    ['Physiologica 40 unidoses de 5 ml', { count: 40, unit: 'dose' }],
    ['Strepsils Miel Citron 24 pastilles', { count: 24, unit: 'tablet' }],
    ['Compeed Ampoules 5 pansements', { count: 5, unit: 'piece' }],
    ['Nicotinell 14 mg 21 patchs', { count: 21, unit: 'patch' }],
    ['Bioderma Sensibio H2O 500 ml', { count: 500, unit: 'ml' }],
    ['La Roche-Posay Cicaplast Baume B5 40 ml', { count: 40, unit: 'ml' }],
    ['Vichy Minéral 89 50 ml', { count: 50, unit: 'ml' }],
    ['Bepanthen Pommade 100 g', { count: 100, unit: 'g' }],
    ['Diprosone 0,05 % crème 30 g', { count: 30, unit: 'g' }],
    // nl
    ['Dafalgan 500 mg 30 tabletten', { count: 30, unit: 'tablet' }],
    ['Dafalgan 500 mg 20 bruistabletten', { count: 20, unit: 'tablet' }],
    ['Dafalgan Instant 500 mg 20 zakjes', { count: 20, unit: 'sachet' }],
    ['Sterimar neusspray 50 ml', { count: 50, unit: 'ml' }],
    ['Otrivine 120 dosissen', { count: 120, unit: 'dose' }],
    ['Physiologica 40 unidosissen', { count: 40, unit: 'dose' }],
    ['Nicorette 30 kauwgoms', { count: 30, unit: 'piece' }],
    // en
    ['Dafalgan 500 mg 30 tablets', { count: 30, unit: 'tablet' }],
    ['Dafalgan 500 mg 20 effervescent tablets', { count: 20, unit: 'tablet' }],
    ['Omega 3 60 soft capsules', { count: 60, unit: 'capsule' }],
    ['Physiologica 40 single doses', { count: 40, unit: 'dose' }],
  ])('%s', (name, pack) => {
    expect(parsePack(name)).toEqual(pack);
  });

  it('multiplies multipacks', () => {
    expect(parsePack('Dafalgan 500 mg 2 x 30 comprimés')).toEqual({ count: 60, unit: 'tablet' });
    expect(parsePack('Dafalgan 500 mg 2x30 tabletten')).toEqual({ count: 60, unit: 'tablet' });
    expect(parsePack('Bioderma Atoderm Duo 3 x 200 ml')).toEqual({ count: 600, unit: 'ml' });
    expect(parsePack('Bioderma Atoderm 3×200ml')).toEqual({ count: 600, unit: 'ml' });
    expect(parsePack('Eau thermale Avène 300 ml x 2')).toEqual({ count: 600, unit: 'ml' });
    expect(parsePack('Vitamine C 30 + 10 comprimés')).toEqual({ count: 40, unit: 'tablet' });
  });

  it('converts litres, centilitres and kilograms', () => {
    expect(parsePack('Gel douche 1 l')).toEqual({ count: 1000, unit: 'ml' });
    expect(parsePack('Gel douche 1,5 L')).toEqual({ count: 1500, unit: 'ml' });
    expect(parsePack('Sirop 25 cl')).toEqual({ count: 250, unit: 'ml' });
    expect(parsePack('Lait infantile 1 kg')).toEqual({ count: 1000, unit: 'g' });
    expect(parsePack('Talc 2,5 kg')).toEqual({ count: 2500, unit: 'g' });
  });

  it('reads the count from the retailers’ short form with the count last', () => {
    expect(parsePack('Dafalgan Forte 1 g comp. 40')).toEqual({ count: 40, unit: 'tablet' });
    expect(parsePack('Imodium 2 mg caps 20')).toEqual({ count: 20, unit: 'capsule' });
  });

  it('takes a weight that is a dose for the strength, not the pack', () => {
    expect(parsePack('Dafalgan Forte 1 g 40 comprimés')).toEqual({ count: 40, unit: 'tablet' });
    expect(parsePack('Dafalgan Forte 1 g comprimés')).toBeNull();
    expect(parsePack('Dafalgan Forte 1 g')).toBeNull();
    expect(parsePack('Paracetamol 2 g poudre')).toBeNull();
    expect(parsePack('Movicol 13,8 g sachets')).toBeNull();
    expect(parsePack('Dafalgan Forte 1 g bruistabletten')).toBeNull();
  });

  it('never takes a concentration for a volume', () => {
    expect(parsePack('Dafalgan Pédiatrie 30 mg/ml sirop 90 ml')).toEqual({ count: 90, unit: 'ml' });
    expect(parsePack('Nurofen 100 mg/5 ml suspension 200 ml')).toEqual({ count: 200, unit: 'ml' });
    expect(parsePack('Nurofen 100 mg / 5 ml suspension 150 ml')).toEqual({ count: 150, unit: 'ml' });
    expect(parsePack('Dafalgan 30 mg/ml sirop')).toBeNull();
    expect(parsePack('Isobetadine 10 g/100 ml')).toBeNull();
  });

  it('gives nothing for names it cannot read with confidence', () => {
    expect(parsePack('Ducray Kelual Émulsion Nouvelle Formule')).toBeNull();
    expect(parsePack('Nurofen 200 mg')).toBeNull();
    expect(parsePack('Vitamine D3 1000 UI')).toBeNull();
    expect(parsePack('Vitamine D 400 µg')).toBeNull();
    expect(parsePack('Shampooing 400 ml + 100 ml offert')).toBeNull();
    expect(parsePack('Etixx Isotonic 1+1 gratuit')).toBeNull();
    expect(parsePack('Etixx Isotonic 1+1 gratis 500 g')).toBeNull();
    expect(parsePack('Kit 30 comprimés + 10 sachets')).toBeNull();
    expect(parsePack('Crème 0 ml')).toBeNull();
    expect(parsePack('')).toBeNull();
  });

  it('keeps a sun factor and a 1+1 that is part of a count apart', () => {
    expect(parsePack('Avène Spray SPF 50+ 200 ml')).toEqual({ count: 200, unit: 'ml' });
  });

  it('does not take words that only start like a unit', () => {
    expect(parsePack('Compeed 5 compeeds')).toBeNull();
    expect(parsePack('Vitamine 3 tablettes de chocolat')).toBeNull();
  });
});

describe('unitPriceOf', () => {
  it('gives the price per unit for counted packs', () => {
    expect(unitPriceOf(3.45, 'Dafalgan 500 mg 30 comprimés')).toEqual({ amount: 0.115, per: 'tablet' });
    expect(unitPriceOf(7.2, 'Dafalgan 2 x 30 tablets')).toEqual({ amount: 0.12, per: 'tablet' });
    expect(unitPriceOf(5.1, 'Dafalgan Instant 20 zakjes')).toEqual({ amount: 0.255, per: 'sachet' });
  });

  it('gives the price per 100 ml or 100 g for liquids and creams', () => {
    expect(unitPriceOf(12.99, 'Bioderma Sensibio H2O 500 ml')).toEqual({ amount: 2.598, per: '100ml' });
    expect(unitPriceOf(18, 'Atoderm 3 x 200 ml')).toEqual({ amount: 3, per: '100ml' });
    expect(unitPriceOf(6.5, 'Bepanthen Pommade 30 g')).toEqual({ amount: 21.6667, per: '100g' });
  });

  it('is null when the pack cannot be read or the price is not a price', () => {
    expect(unitPriceOf(7.25, 'Dafalgan Forte 1 g')).toBeNull();
    expect(unitPriceOf(Number.NaN, 'Dafalgan 30 comprimés')).toBeNull();
    expect(unitPriceOf(-1, 'Dafalgan 30 comprimés')).toBeNull();
  });
});

describe('parsePack on tricky catalogue names', () => {
  it('keeps an age band apart from the count', () => {
    expect(parsePack('Centrum Silver 50+ 30 comprimés')).toEqual({ count: 30, unit: 'tablet' });
  });

  it('takes a small weight for a pack when the name says cream', () => {
    expect(parsePack('Zovirax crème 5 % 2 g')).toEqual({ count: 2, unit: 'g' });
    expect(parsePack('Zovirax cream 5% 2 g')).toEqual({ count: 2, unit: 'g' });
  });
});
