import type { DemoProduct } from '../catalogue';
import { esc } from './site-kit';
import { newpharmaId, newpharmaProductPath } from './newpharma.pages';

// The demo Newpharma's product feed (docs/decisions/170): the real shop refuses plain HTTP clients, so
// the demo shows it the way it can take part, a Google Merchant Center RSS 2.0 feed of what it sells,
// built by the project from the demo catalogue. Prescription items are listed, as a shop's feed may:
// the official catalogue drops them.

export const NEWPHARMA_FEED_PATH = '/feeds/google-merchant.xml';

function item(p: DemoProduct, origin: string, prefix: string): string {
  const offer = p.offers.newpharma!;
  return [
    '<item>',
    `<g:id>${newpharmaId(p)}</g:id>`,
    `<title>${esc(p.name.fr)}</title>`,
    `<link>${esc(`${origin}${newpharmaProductPath(p, prefix)}`)}</link>`,
    `<g:image_link>${esc(`${origin}${prefix}${p.image}`)}</g:image_link>`,
    `<g:price>${offer.price.toFixed(2)} EUR</g:price>`,
    `<g:availability>${offer.inStock ? 'in stock' : 'out of stock'}</g:availability>`,
    `<g:gtin>${p.ean}</g:gtin>`,
    `<g:brand>${esc(p.brand)}</g:brand>`,
    '<g:condition>new</g:condition>',
    '</item>',
  ].join('');
}

/** The feed of `products` (those Newpharma sells), links on `origin` under `prefix`. */
export function renderNewpharmaFeed(products: readonly DemoProduct[], origin: string, prefix = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>
<title>Newpharma (démo)</title><link>${esc(origin + prefix)}/</link><description>Demo product feed</description>
${products.map((p) => item(p, origin, prefix)).join('\n')}
</channel></rss>
`;
}
