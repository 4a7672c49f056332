import type { Context } from 'hono';
import type { Locale } from '@pharmaradar/shared/locales';
import { decodeStripeParams } from './form-params';

// How the look-alike's API reads a request and writes an error, as Stripe's API does.

export type Params = Record<string, unknown>;

export function stripeError(
  c: Context,
  status: 400 | 401 | 404 | 500,
  type: string,
  message: string,
  code?: string,
  param?: string,
) {
  return c.json({ error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } }, status);
}

export const missing = (c: Context, kind: string, id: string, param = 'id') =>
  stripeError(c, 404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export async function params(c: Context): Promise<Params> {
  const query = decodeStripeParams(new URL(c.req.url).searchParams);
  if (c.req.method === 'GET' || c.req.method === 'DELETE') return query;
  return { ...query, ...decodeStripeParams(new URLSearchParams(await c.req.text())) };
}

export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
export const locale = (value: unknown): Locale => (value === 'en' || value === 'nl' ? value : 'fr');
export const metadata = (value: unknown) =>
  (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, string>;
