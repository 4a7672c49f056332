import type { Hono } from 'hono';
import type { Env } from './config/env';
import type { Db } from './db/database';
import type { DemoRetailers } from './demo/demo-retailers';
import type { DemoClock } from './demo/demo-clock';
import type { DemoStripe } from './demo/stripe/demo-stripe';
import type { Logger } from './lib/log';
import type { Mailer } from './lib/mailer';
import type { HtmlTransformer } from './lib/web-static';
import type { RetailerConnector } from './retailers/types';
import type { StripeTarget } from './features/billing/stripe-gateway';

/**
 * Everything the composition root hands out: server.ts builds it, app.ts wires it into the features.
 * Features never import this type: each declares the narrower interface it needs (AccountsDeps,
 * SearchDeps…), which AppDeps satisfies (docs/decisions/016).
 */
export interface AppDeps {
  env: Env;
  db: Db;
  mailer: Mailer;
  log: Logger;
  /**
   * Clock in epoch milliseconds; injected so rules depending on time are testable. The real time: every
   * limit, pace, session, quota and throttle reads it, never the demo clock (ADR 122).
   */
  now: () => number;
  /**
   * The clock of the prices: the demo shops' prices, the search cache's freshness, the price history's
   * day. The demo clock when staff can move it (demo mode with DEMO_CONTROLS), else the same as `now`.
   */
  pricesNow: () => number;
  /** index.html rewriting for client routes (see HtmlTransformer), e.g. product landing pages. */
  htmlTransformers?: HtmlTransformer[];
  /** Retailer connectors the price search asks (server.ts wires them; none = searches find nothing). */
  connectors?: RetailerConnector[];
  /** EAN/GTIN -> CNK lookup for the search (demo mode: the demo catalogue; live: none, shops map it). */
  cnkOfEan?: ((gtin: string) => string | null) | null;
  /** Demo mode: the running demo retailer sites (tests inject faults and count requests through it). */
  demoRetailers?: DemoRetailers | null;
  /** Where billing's Stripe SDK goes (server.ts: the local look-alike unless STRIPE_* are set). */
  stripe?: StripeTarget | null;
  /** Demo mode: the running Stripe look-alike (its hosted pages are mounted; tests drive it). */
  demoStripe?: DemoStripe | null;
  /** Demo mode with DEMO_CONTROLS: the clock `pricesNow` reads, which staff move on by days (ADR 117, 122). */
  demoClock?: DemoClock | null;
  /** Set by createApp: one pass of the price alerts job (server.ts schedules it; tests call it). */
  alertChecks?: () => Promise<{ checked: number; mailed: number }>;
  /**
   * Tests only: registers extra routes (e.g. one that throws, to check the 500 answer). Production
   * never passes it, so no such endpoint exists there.
   */
  extraRoutes?: (app: Hono) => void;
}
