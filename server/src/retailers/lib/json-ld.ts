import type { CheerioAPI } from 'cheerio';
import { cleanText } from './markers';

// The JSON-LD plumbing the structured-data reader stands on: the page's blocks, their nodes, and the
// references between nodes. A JSON-LD document may describe a node once and point at it elsewhere
// by its @id alone ({"@id": "…"}): Yoast and WooCommerce shops write their Product's offers, brand
// and image that way in one @graph. A reference is read as the node it names, wherever it is
// described on the page.

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

const SCHEMA_ORG = /^https?:\/\/schema\.org\//i;

/** A schema.org term written as a bare name or a schema.org URL ("InStock", "https://schema.org/InStock"). */
export function schemaTerm(v: unknown): string | null {
  const raw = isObject(v) ? (v['@id'] ?? v.name) : v;
  const term = text(raw)?.replace(SCHEMA_ORG, '');
  return term || null;
}

export function typesOf(node: Json): string[] {
  return asArray(node['@type'])
    .map(schemaTerm)
    .filter((t): t is string => t !== null);
}

export function text(v: unknown): string | null {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  return cleanText(v) || null;
}

/** Every JSON-LD block of the page, parsed; a block that is not JSON is skipped. */
export function jsonLdBlocks($: CheerioAPI): unknown[] {
  return $('script[type="application/ld+json"]')
    .map((_, el) => {
      try {
        return [JSON.parse($(el).text()) as unknown];
      } catch {
        return [];
      }
    })
    .get();
}

const MAX_DEPTH = 12;

/** Reads a reference-only node ({"@id": …}) as the node the page describes under that @id. */
export type Resolve = (value: unknown) => unknown;

/**
 * The resolver of the page's references: every node carrying an @id and something more is indexed
 * (the first description wins); a reference to an @id the page does not describe stays as it is.
 */
export function referenceResolver(blocks: unknown[]): Resolve {
  const described = new Map<string, Json>();
  const index = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(node)) return node.forEach((n) => index(n, depth + 1));
    if (!isObject(node)) return;
    const id = text(node['@id']);
    if (id && Object.keys(node).length > 1 && !described.has(id)) described.set(id, node);
    for (const value of Object.values(node)) index(value, depth + 1);
  };
  blocks.forEach((b) => index(b, 0));
  return (value) => {
    if (!isObject(value) || Object.keys(value).length !== 1) return value;
    const id = text(value['@id']);
    return (id && described.get(id)) ?? value;
  };
}

/** The values of a property, each reference read as the node it names. */
export function values(node: Json, key: string, resolve: Resolve): unknown[] {
  return asArray(node[key]).map(resolve);
}
