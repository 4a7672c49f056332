// The market store's measurements (npm run bench, docs/decisions/249), runnable at full size or small
// (market-bench.test.ts): the real server in demo mode against the demo shops behind request-counting
// front doors. (1) The refresh job's throughput: one pass over N wanted CNKs, each shop walked one
// request at a time. (2) Pro pricing of a group of N CNKs the pass just refreshed (answered from the
// store) ÷ the same pricing of N cold CNKs (asked live): the claim is at most 0.1. Printed, never asserted.
import { getDemoCatalogue } from '../src/demo/catalogue';
import { startCountingDemo } from '../src/demo/counting-demo';
import { createMarketRepository } from '../src/features/market/market.repository';
import type { RetailerId } from '../src/retailers/types';
import { registerVerifiedAccount } from '../test/helpers/accounts';
import { readEvents } from '../test/helpers/pro-account';
import { startBenchServer, shopRequests, type BenchServer } from './bench-server';

export type MarketBenchOptions = {
  /** CNKs in each group: the refreshed one and the cold one. */
  cnks: number;
  /** Demo shop latency per shop; none: the demo shops' default latencies. */
  latencyMs?: Partial<Record<RetailerId, number>>;
};

export const FULL_MARKET_BENCH: MarketBenchOptions = { cnks: 20 };

export type MarketBenchReport = {
  cnks: number;
  /** The refresh pass: how long it took, and per shop how many CNKs it refreshed. */
  pass: { ms: number; shops: Array<{ retailer: string; refreshed: number; failed: number }> };
  /** Shop requests the pass made, counted at the demo shops' front doors. */
  passRequests: number;
  /** Pro pricing of the refreshed group (from the store) and of the cold group (live), ms. */
  storedMs: number;
  coldMs: number;
  /** Shop requests each pricing made. */
  storedRequests: number;
  coldRequests: number;
  /** storedMs ÷ coldMs. */
  ratio: number;
};

/** The claim: a refreshed group prices in at most a tenth of the time a cold one does. */
export const STORED_RATIO_BAR = 0.1;

export async function runMarketBench(options: MarketBenchOptions = FULL_MARKET_BENCH): Promise<MarketBenchReport> {
  const sold = getDemoCatalogue().filter((p) => !p.prescription && p.cnk && Object.keys(p.offers).length >= 2);
  if (sold.length < 2 * options.cnks) throw new Error(`the demo catalogue has fewer than ${2 * options.cnks} CNKs`);
  const refreshed = sold.slice(0, options.cnks).map((p) => p.cnk!);
  const cold = sold.slice(options.cnks, 2 * options.cnks).map((p) => p.cnk!);
  const shops = await startCountingDemo(options.latencyMs ? { latencyMs: options.latencyMs } : {});
  let bench: BenchServer | undefined;
  try {
    bench = await startBenchServer(shops, {
      // The pass walks the shops as fast as they answer (one request at a time each), and only when run.
      MARKET_RATE_PER_SHOP: '100/s',
      MARKET_REFRESH_INTERVAL_MIN: '0',
    });
    const { server, env } = bench;
    const email = 'bench@example.be';
    const { client } = await registerVerifiedAccount(server.url, env.MAIL_OUTBOX_DIR, email);
    server.deps.db
      .prepare("UPDATE users SET subscription_status = 'active', search_quota = 1000000 WHERE email = ?")
      .run(email);
    const price = async (cnks: string[]) => {
      shops.reset();
      const started = performance.now();
      const res = await client.post('/api/pro/prices/', { cnks }, { headers: { Accept: 'text/event-stream' } });
      const ms = performance.now() - started;
      const rows = readEvents(res.text).filter((e) => e.event === 'product');
      if (res.status !== 200 || rows.length !== cnks.length) throw new Error(`Pro pricing answered ${res.status}`);
      return { ms, requests: shopRequests(shops) };
    };

    // The CNKs a pharmacist's group holds, wanted as a synced group marks them, then one pass.
    createMarketRepository(server.deps.db).want(refreshed, Date.now());
    shops.reset();
    const summary = await server.marketRefresh();
    const passRequests = shopRequests(shops);

    const stored = await price(refreshed);
    // Every refreshed CNK is answered from the store: pricing the group asks no shop.
    if (stored.requests > 0) throw new Error(`pricing the refreshed group asked the shops ${stored.requests} times`);
    const live = await price(cold);
    return {
      cnks: options.cnks,
      pass: {
        ms: summary.ms,
        shops: summary.shops.map((s) => ({ retailer: s.retailer, refreshed: s.refreshed, failed: s.failed })),
      },
      passRequests,
      storedMs: stored.ms,
      coldMs: live.ms,
      storedRequests: stored.requests,
      coldRequests: live.requests,
      ratio: stored.ms / live.ms,
    };
  } finally {
    await bench?.close();
    await shops.close();
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function formatMarketBench(report: MarketBenchReport): string {
  const seconds = report.pass.ms / 1000;
  const refreshedTotal = report.pass.shops.reduce((sum, s) => sum + s.refreshed, 0);
  const perShop = report.pass.shops.map(
    (s) =>
      `    ${s.retailer.padEnd(12)} ${fmt(s.refreshed / seconds, 2)} CNK/s (${s.refreshed} refreshed, ${s.failed} failed)`,
  );
  return [
    '',
    `Market store (${report.cnks} CNKs a group, the demo shops at their latencies)`,
    `  refresh pass                 ${fmt(report.pass.ms)} ms, ${fmt(refreshedTotal / seconds, 2)} CNK-shop prices/s, ${report.passRequests} shop requests`,
    '  per shop, over the whole pass (the slowest shop sets its length; medimarket asks two sites a CNK):',
    ...perShop,
    `  refreshed group from store   ${fmt(report.storedMs)} ms, ${report.storedRequests} shop requests`,
    `  cold group asked live        ${fmt(report.coldMs)} ms, ${report.coldRequests} shop requests`,
    `  stored ÷ cold (bar: at most ${STORED_RATIO_BAR}): ${fmt(report.ratio, 3)} — ${report.ratio <= STORED_RATIO_BAR ? 'OK' : 'over the bar'}`,
  ].join('\n');
}
