// The items the saved feeds in fixtures/ hold, as the reader returns them: several fixtures (and the
// command that reads google-rss.xml) carry the same product, so its facts are stated once here.

/** google-rss.xml's second item: no sale, out of stock. */
export const DAFALGAN_EFFERVESCENT = {
  id: 'NP-4491551',
  title: 'Dafalgan 500 mg 20 comprimés effervescents & co',
  price: 4.29,
  wasPrice: null,
  inStock: false,
  gtin: '5404812847344',
};

/** The one item of rss1.rdf and of google-atom.xml (the same product in two XML dialects). */
export const DAFALGAN_INSTANT = {
  id: 'NP-4245239',
  title: 'Dafalgan Instant 500 mg 20 sachets',
  link: 'https://shop.example.be/p/4245239',
  price: 5.35,
  inStock: true,
  gtin: '5408366225160',
};
