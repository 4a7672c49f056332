import { Hono } from 'hono';
import type { Env } from '../../config/env';

/** GET /api/ads/config/: the ad network the web's ad slot loads for visitors and free users, or null. */
export interface AdsConfig {
  network: { scriptUrl: string; clientId: string | null } | null;
}

type AdsEnv = Pick<Env, 'AD_NETWORK_SCRIPT_URL' | 'AD_CLIENT_ID'>;

/** The origin the CSP allows for the configured ad network (scripts, frames, requests, images), or null. */
export function adNetworkOrigin(env: AdsEnv): string | null {
  return env.AD_NETWORK_SCRIPT_URL ? new URL(env.AD_NETWORK_SCRIPT_URL).origin : null;
}

/**
 * Only configuration is served: whether a user sees ads (never Pro or Ultra, docs/product.md#audience-and-plans) is the web's
 * rule, which already knows the plan; the answer is the same for everybody and may be cached briefly.
 */
export function createAdsRoutes(env: AdsEnv): Hono {
  const config: AdsConfig = {
    network: env.AD_NETWORK_SCRIPT_URL
      ? { scriptUrl: env.AD_NETWORK_SCRIPT_URL, clientId: env.AD_CLIENT_ID ?? null }
      : null,
  };
  const r = new Hono();
  r.get('/ads/config/', (c) => c.json(config));
  return r;
}
