import { classifyQuery } from '@pharmaradar/shared/cnk';
import { startRetailers, type DemoShops, type RetailersEnv, type StartOptions } from './start-retailers';
import { RetailerError, type RetailerConnector, type SearchQuery, type ShopId } from './types';

/**
 * A product every shop is expected to know, by name and by a real CNK (Ducray Kelual,
 * docs/retailers.md#sample-codes).
 */
export const DEFAULT_CHECK_QUERIES = ['dafalgan', '3720083'];

export type ProbeResult = {
  retailer: ShopId;
  query: SearchQuery;
  fetch: string;
  parse: string;
  offers: number;
  ms: number;
  ok: boolean;
};

export type CheckEnv = RetailersEnv;

/**
 * Asks every configured shop for each query, one shop after another (no burst on a live site).
 * A shop works when no probe failed and at least one probe found offers.
 */
export async function runRetailersCheck(
  env: CheckEnv,
  demoShops: DemoShops,
  queries: string[] = DEFAULT_CHECK_QUERIES,
  options: StartOptions = {},
): Promise<{ results: ProbeResult[]; ok: boolean }> {
  const retailers = await startRetailers(env, demoShops, undefined, options);
  try {
    return await probeRetailers(retailers.connectors, queries);
  } finally {
    await retailers.close();
  }
}

/** A probe as the staff admin stores and shows it: the query as typed. */
export type StoredProbe = Omit<ProbeResult, 'query'> & { query: string };

/** The probes as the staff admin keeps them (the command line's run and the admin's button alike). */
export function probesForAdmin(results: readonly ProbeResult[]): StoredProbe[] {
  return results.map((r) => ({ ...r, query: r.query.value }));
}

/** The staff admin's check on the server's running connectors (its RetailersCheck port). */
export function retailersCheckOn(connectors: readonly RetailerConnector[]) {
  return async (): Promise<{ results: StoredProbe[]; ok: boolean }> => {
    const { results, ok } = await probeRetailers(connectors);
    return { ok, results: probesForAdmin(results) };
  };
}

/**
 * The check itself, on connectors already running: the command line starts its own, the staff admin's
 * button uses the server's (retailersCheckOn).
 */
export async function probeRetailers(
  connectors: readonly RetailerConnector[],
  queries: string[] = DEFAULT_CHECK_QUERIES,
): Promise<{ results: ProbeResult[]; ok: boolean }> {
  const results: ProbeResult[] = [];
  for (const connector of connectors) {
    for (const raw of queries) {
      const query = classifyQuery(raw);
      const started = performance.now();
      try {
        const offers = await connector.search(query, new AbortController().signal);
        const rx = offers.filter((o) => o.prescription).length;
        const ms = Math.round(performance.now() - started);
        results.push({
          retailer: connector.id,
          query,
          fetch: 'OK',
          parse: `${offers.length} offers${rx ? ` (${rx} Rx)` : ''}`,
          offers: offers.length,
          ms,
          ok: true,
        });
      } catch (err) {
        const ms = Math.round(performance.now() - started);
        const kind = err instanceof RetailerError ? err.kind : 'error';
        const message = err instanceof Error ? err.message : String(err);
        results.push(
          kind === 'parse_failed'
            ? {
                retailer: connector.id,
                query,
                fetch: 'OK',
                parse: `parse failed (${message})`,
                offers: 0,
                ms,
                ok: false,
              }
            : { retailer: connector.id, query, fetch: `${kind}: ${message}`, parse: '-', offers: 0, ms, ok: false },
        );
      }
    }
  }
  const ok = connectors.every(({ id }) => {
    const mine = results.filter((r) => r.retailer === id);
    return mine.every((r) => r.ok) && mine.some((r) => r.offers > 0);
  });
  return { results, ok };
}

export function formatCheck(results: ProbeResult[]): string {
  return results
    .map((r) => {
      const q = `${r.query.kind} "${r.query.value}"`;
      return `${r.retailer.padEnd(12)} ${q.padEnd(22)} fetch: ${r.fetch.padEnd(4)}  parse: ${r.parse}  (${r.ms} ms)`;
    })
    .join('\n');
}
