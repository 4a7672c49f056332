import type { RetailerConnector } from '../types';

// Affiliate links (RETAILER_LINK_TEMPLATES, docs/decisions/170): a shop's offer links go through its
// network's tracking link, the shop's own URL put URL-encoded where the template says {url}. The offer
// is marked sponsored, so the web app gives its link rel="sponsored".

/** The link through the template: `{url}` replaced by the URL-encoded shop link. */
export function templatedLink(template: string, url: string): string {
  return template.replaceAll('{url}', encodeURIComponent(url));
}

/** The connectors, those of shops with a template answering their links through it. */
export function withLinkTemplates(
  connectors: readonly RetailerConnector[],
  templates: Partial<Record<string, string>>,
): RetailerConnector[] {
  return connectors.map((connector) => {
    const template = templates[connector.id];
    if (!template) return connector;
    return {
      ...connector,
      search: async (query, signal) =>
        (await connector.search(query, signal)).map((offer) =>
          offer.url === null ? offer : { ...offer, url: templatedLink(template, offer.url), sponsored: true as const },
        ),
    };
  });
}
