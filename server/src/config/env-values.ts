import { z } from 'zod';

// How the configuration's values are read: the building blocks of each variable's schema
// (env-variables.ts). Every message here is part of what `loadEnv` prints for a bad value.

export const RETAILER_IDS = ['farmaline', 'medimarket', 'multipharma', 'newpharma'] as const;
export type RetailerId = (typeof RETAILER_IDS)[number];

/** Lowercase letters, digits and dashes: a page connector's id or a feed-only shop's (ADR 179). */
export const SHOP_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
export const retailerId = z
  .string()
  .regex(SHOP_ID_PATTERN, { error: 'must be lowercase letters, digits and dashes, starting with a letter' });

export const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be a whole number between ${min} and ${max}` });

export const httpUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:$/.test(safeProtocol(value)), { error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

/** An ad network's loader script: https, or http on loopback only (tests serve one there). */
export const adScriptUrl = z
  .string()
  .trim()
  .refine(isHttpsOrLoopback, { error: 'must be an https:// URL (http:// only on 127.0.0.1 or localhost)' });

export function isHttpsOrLoopback(value: string): boolean {
  try {
    const url = new URL(value);
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  } catch {
    return false;
  }
}

export const boolean = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `id:value,id:value` lists such as DEMO_LATENCY_MS and DEMO_FAULTS. */
export function pairList<T extends z.ZodType>(value: T, example: string) {
  return z.string().transform((raw, ctx) => {
    const out: Partial<Record<string, z.output<T>>> = {};
    for (const part of raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [id = '', item = '', ...rest] = part.split(':').map((p) => p.trim());
      const parsedId = retailerId.safeParse(id);
      const parsedItem = value.safeParse(item);
      if (rest.length > 0 || !parsedId.success || !parsedItem.success) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not of the form ${example}` });
        return z.NEVER;
      }
      out[parsedId.data] = parsedItem.data;
    }
    return out;
  });
}

/**
 * `id=value` lists (RETAILER_FEEDS, RETAILER_FEED_COLUMNS, RETAILER_LINK_TEMPLATES). A value may hold
 * commas and equals signs (URLs do), so a new pair starts only where a comma is followed by `id=`.
 */
export function assignmentList<T extends z.ZodType>(value: T, example: string) {
  return z.string().transform((raw, ctx) => {
    const out: Partial<Record<string, z.output<T>>> = {};
    for (const part of raw
      .split(/\s*,\s*(?=[a-z][a-z0-9_-]*=)/)
      .map((p) => p.trim())
      .filter(Boolean)) {
      const at = part.indexOf('=');
      const parsedId = retailerId.safeParse(part.slice(0, at).trim());
      const parsedItem = value.safeParse(part.slice(at + 1).trim());
      if (at < 1 || !parsedId.success || !parsedItem.success) {
        const why = !parsedId.success ? `retailer ${parsedId.error.issues[0]?.message}` : `not of the form ${example}`;
        ctx.addIssue({ code: 'custom', message: `"${part.slice(0, 60)}": ${why}` });
        return z.NEVER;
      }
      out[parsedId.data] = parsedItem.data;
    }
    return out;
  });
}

/** A feed's source: an https URL (http only on loopback, where tests serve one), or an absolute file path. */
export const feedSource = z.string().refine((value) => value.startsWith('/') || isHttpsOrLoopback(value), {
  error: 'must be an https:// URL or an absolute file path',
});

/** A feed-only shop's name as people read it (no markup: it is shown in pages and mails). */
export const displayName = z
  .string()
  .trim()
  .refine((v) => v.length >= 1 && v.length <= 60 && !/[<>\p{Cc}]/u.test(v), {
    error: 'must be 1 to 60 characters, without < or >',
  });

/** An outgoing link template: https, with `{url}` where the offer's URL-encoded link goes. */
export const linkTemplate = z
  .string()
  .refine((value) => value.includes('{url}') && safeProtocol(value.replace('{url}', 'x')) === 'https:', {
    error: 'must be an https:// URL containing {url}',
  });

/** `4.95/39`: delivery 4.95 EUR, free from a 39 EUR order; `4.95` alone: never free. */
export const shippingTerms = z
  .string()
  .regex(/^\d{1,3}(?:\.\d{1,2})?(?:\/\d{1,4}(?:\.\d{1,2})?)?$/, { error: 'must be cost or cost/freeFrom in EUR' })
  .transform((raw) => {
    const [cost = '0', freeFrom] = raw.split('/');
    return { cost: Number(cost), freeFrom: freeFrom === undefined ? null : Number(freeFrom) };
  });

export function safeProtocol(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}
