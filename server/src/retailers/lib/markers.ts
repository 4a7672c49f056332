import type { RetailerOffer } from '../types';

// Belgian shops may only sell non-prescription medicines; Rx items can only be reserved
// (docs/retailers.md#the-cnk-code), so a tile is treated as prescription-only when it carries a "prescription /
// reserve only" notice in any of the site languages. Each connector adds its own structural marker on top of this
// text rule.
const PRESCRIPTION_TEXT =
  /\b(sur|avec|sous)\s+(ordonnance|prescription)\b|\bsoumis\s+[àa]\s+(prescription|ordonnance)\b|\bprescription\s+(obligatoire|requise|m[ée]dicale)\b|\buniquement\s+(sur|en)\s+r[ée]servation\b|\br[ée]servation\s+uniquement\b|\bop\s+(dokters)?voorschrift\b|\bvoorschriftplichtig\b|\benkel\s+(te\s+)?reserver|\bprescription\s+only\b|\bprescription\s+required\b|\breserve\s+only\b/i;

export function looksLikePrescription(text: string): boolean {
  return PRESCRIPTION_TEXT.test(text.replace(/\s+/g, ' '));
}

const OUT_OF_STOCK =
  /rupture\s+de\s+stock|[ée]puis[ée]|indisponible|temporairement\s+indisponible|niet\s+(meer\s+)?(op\s+voorraad|beschikbaar)|uitverkocht|(non|pas)\s+disponible|not\s+available|out\s+of\s+stock|sold\s+out|unavailable/i;
const IN_STOCK = /en\s+stock|disponible|op\s+voorraad|beschikbaar|in\s+stock|available/i;

/** true/false when the text states availability, null when it says nothing about it. */
export function stockFromText(text: string): boolean | null {
  const t = text.replace(/\s+/g, ' ');
  if (OUT_OF_STOCK.test(t)) return false;
  if (IN_STOCK.test(t)) return true;
  return null;
}

/** Resolves an href from a retailer page; only http(s) links survive (no javascript:, data:, …). */
export function absoluteUrl(href: string | undefined | null, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function cleanText(text: string | undefined | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * For a CNK search keep only the offers carrying that CNK (shops pad CNK searches with look-alikes).
 * When no offer exposes any CNK the page cannot tell, so the offers are kept as they are.
 */
export function narrowToCnk(offers: RetailerOffer[], cnk: string): RetailerOffer[] {
  if (!offers.some((o) => o.cnk !== null)) return offers;
  return offers.filter((o) => o.cnk === cnk);
}

const NO_RESULTS_TEXT =
  /aucun\s+(r[ée]sultat|produit)|pas\s+de\s+r[ée]sultat|0\s+r[ée]sultats?\b|geen\s+(resultaten|producten|zoekresultaten)|0\s+resultaten|no\s+(results|products)\s+(were\s+)?found|0\s+results\b/i;

export function saysNoResults(text: string): boolean {
  return NO_RESULTS_TEXT.test(text.replace(/\s+/g, ' '));
}

/** The URL without the named query parameters (click tracking); null stays null. */
export function withoutParams(url: string | null, names: readonly string[]): string | null {
  if (url === null) return null;
  const parsed = new URL(url);
  for (const name of names) parsed.searchParams.delete(name);
  return parsed.href;
}
