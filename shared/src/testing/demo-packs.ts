// Test support: packs of the demo catalogue as a customer holds them (their printed EAN-13 and the
// CNK the search must find). server/src/demo/catalogue.test.ts checks these against the catalogue,
// so the scan tests of the web app and the end-to-end journey decode codes of real demo products.

export interface DemoPack {
  slug: string;
  cnk: string;
  ean: string;
  name: string;
}

export const DEMO_PACKS: readonly DemoPack[] = [
  { slug: 'dafalgan-500-mg-30-comprimes', cnk: '2322162', ean: '5426658902155', name: 'Dafalgan 500 mg 30 comprimés' },
  { slug: 'nurofen-200-mg-24-comprimes', cnk: '4753208', ean: '5413784583846', name: 'Nurofen 200 mg 24 comprimés' },
  {
    slug: 'redoxon-vitamine-c-1000-mg-30-comprimes-effervescents',
    cnk: '2370989',
    ean: '5423836790498',
    name: 'Redoxon Vitamine C 1000 mg 30 comprimés effervescents',
  },
];
