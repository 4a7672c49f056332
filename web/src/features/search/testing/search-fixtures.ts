import { createStageRule } from '@pharmaradar/shared/search-stages';
import type {
  SearchOffer,
  SearchProduct,
  SearchResult,
  SearchRetailerEvent,
  SearchStage,
} from '@pharmaradar/shared/search.schema';
import type { ScriptStep } from '../../../test/fakes/search-api-server';

export function offer(overrides: Partial<SearchOffer> = {}): SearchOffer {
  return {
    retailer: 'farmaline',
    name: 'Dafalgan 500 mg 30 comprimés',
    price: 3.49,
    currency: 'EUR',
    url: 'https://www.farmaline.be/fr/dafalgan-500mg.html',
    best: false,
    brand: 'Dafalgan',
    cnk: '3720083',
    searchedCode: null,
    image: null,
    inStock: true,
    ...overrides,
  };
}

export function product(offers: SearchOffer[], overrides: Partial<SearchProduct> = {}): SearchProduct {
  return {
    cnk: offers[0]?.cnk ?? null,
    name: offers[0]?.name ?? 'Produit',
    brand: offers[0]?.brand ?? null,
    image: null,
    slug: 'dafalgan-500-mg-30-comprimes-3720083',
    offers,
    ...overrides,
  };
}

export const FARMALINE = offer({
  retailer: 'farmaline',
  price: 3.49,
  url: 'https://www.farmaline.be/fr/dafalgan.html',
});
export const MEDIMARKET = offer({
  retailer: 'medimarket',
  price: 2.95,
  url: 'https://www.medi-market.be/fr/dafalgan.html',
});
export const MULTIPHARMA = offer({ retailer: 'multipharma', price: 3.2, url: null, inStock: false });

/** The final answer for "dafalgan": the three offers above grouped into one product, Medi-Market best. */
export function dafalganResult(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    query: 'dafalgan',
    kind: 'name',
    products: [
      product([
        { ...MEDIMARKET, best: true },
        { ...MULTIPHARMA, best: false },
        { ...FARMALINE, best: false },
      ]),
    ],
    retailers: [
      { id: 'farmaline', status: 'ok', ms: 350 },
      { id: 'medimarket', status: 'ok', ms: 1100 },
      { id: 'multipharma', status: 'ok', ms: 2000 },
    ],
    fetchedAt: '2026-03-14T09:30:00.000Z',
    cached: false,
    demo: true,
    ...overrides,
  };
}

/** One retailer's answer as the server sends it (status 'ok' with offers, else 'empty'). */
export function retailerAnswer(
  retailer: string,
  offers: SearchOffer[],
  overrides: Partial<SearchRetailerEvent> = {},
): SearchRetailerEvent {
  return { retailer, status: offers.length ? 'ok' : 'empty', ms: 350, offers, ...overrides };
}

export function stage(name: Exclude<SearchStage, 'launching'>): ScriptStep;
export function stage(name: 'launching', demo: boolean): ScriptStep;
export function stage(name: SearchStage, demo?: boolean): ScriptStep {
  return { event: 'stage', data: name === 'launching' ? { stage: name, demo } : { stage: name } };
}

/** Retailers answering together, or a promise the stream waits on (the test releases the next answers). */
export type StreamMoment = SearchRetailerEvent[] | Promise<unknown>;

/**
 * The stream the server sends for these answers: 'launching' (with the result's demo flag), each
 * moment's retailer events followed by the stages the shared rule announces for them (exactly what
 * search.service.ts does), then 'complete' and the result.
 */
export function searchStream(moments: StreamMoment[], result: SearchResult): ScriptStep[] {
  const rule = createStageRule();
  let pending = moments.reduce((n, moment) => n + (moment instanceof Promise ? 0 : moment.length), 0);
  const steps: ScriptStep[] = [stage('launching', result.demo)];
  for (const moment of moments) {
    if (moment instanceof Promise) {
      steps.push(moment);
      continue;
    }
    pending -= moment.length;
    steps.push(...moment.map((data) => ({ event: 'retailer', data })));
    const stages = rule.answered(
      moment.map((answer) => ({ offers: answer.offers.length })),
      pending,
    );
    steps.push(...stages.map((name) => ({ event: 'stage', data: { stage: name } })));
  }
  steps.push(stage('complete'), { event: 'result', data: result });
  return steps;
}

/** The whole happy stream, retailers answering one after another; `gates` hold the stream back after each answer. */
export function dafalganStream(gates: { afterFirst?: Promise<unknown>; afterSecond?: Promise<unknown> } = {}) {
  return searchStream(
    [
      [retailerAnswer('farmaline', [FARMALINE], { ms: 350 })],
      ...(gates.afterFirst ? [gates.afterFirst] : []),
      [retailerAnswer('medimarket', [MEDIMARKET], { ms: 1100 })],
      ...(gates.afterSecond ? [gates.afterSecond] : []),
      [retailerAnswer('multipharma', [MULTIPHARMA], { ms: 2000 })],
    ],
    dafalganResult(),
  );
}
