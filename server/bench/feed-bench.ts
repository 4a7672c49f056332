// Product feed benchmark (npm run bench): writes a Google Merchant RSS feed of 100,000 items,
// imports it into a fresh database (time, peak resident memory), then starts the server with that shop
// read from the feed and times name searches it answers from SQLite against a cached search.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gtinCheckDigit } from '@pharmaradar/shared/gtin';
import { loadEnv } from '../src/config/env';
import { databaseFile } from '../src/db/cli-database';
import { closeDatabase, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { createFeedImporter } from '../src/features/feeds/feeds.module';
import { createFeedsRepository } from '../src/features/feeds/feeds.repository';
import { createLogger } from '../src/lib/log';
import { startServer } from '../src/server';
import { median } from './bench-timing';

export const FULL_FEED = { items: 100_000, searches: 200 };

const BRANDS = ['Vichy', 'Avène', 'Nurofen', 'Dafalgan', 'Bioderma', 'Eucerin', 'Sanofi', 'Arkopharma'];
const WORDS = ['crème', 'sérum', 'gel', 'comprimés', 'spray', 'baume', 'lotion', 'capsules', 'sirop', 'huile'];

async function writeFeed(file: string, items: number): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n',
  );
  for (let i = 0; i < items; i++) {
    const brand = BRANDS[i % BRANDS.length]!;
    const word = WORDS[Math.floor(i / BRANDS.length) % WORDS.length]!;
    const twelve = `54${String(i).padStart(10, '0')}`;
    await write(
      `<item><g:id>F${i}</g:id><title>${brand} ${word} ${i} ${(i % 50) * 10 + 10} ml</title>` +
        `<link>https://shop.example.be/p/${i}</link><g:price>${((i % 4000) / 100 + 1).toFixed(2)} EUR</g:price>` +
        `<g:availability>${i % 7 ? 'in stock' : 'out of stock'}</g:availability>` +
        `<g:gtin>${twelve}${gtinCheckDigit(twelve)}</g:gtin><g:brand>${brand}</g:brand></item>\n`,
    );
  }
  await write('</channel></rss>\n');
  out.end();
  await once(out, 'finish');
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export interface FeedBenchResult {
  items: number;
  importSeconds: number;
  peakRssMb: number;
  feedMedianMs: number;
  feedP99Ms: number;
  cachedMedianMs: number;
  cachedP99Ms: number;
}

async function timeSearch(base: string, q: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`, {
    headers: { accept: 'application/json' },
  });
  await response.json();
  return performance.now() - started;
}

export async function runFeedBench(size = FULL_FEED): Promise<FeedBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'feed-bench-'));
  try {
    const feedFile = join(dir, 'feed.xml');
    await writeFeed(feedFile, size.items);
    const env = loadEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'silent',
      RETAILERS_MODE: 'demo',
      RETAILERS: 'newpharma',
      RETAILER_FEEDS: `newpharma=${feedFile}`,
      SEARCH_RATE_LIMIT_PER_MIN: '1000000',
    });
    const log = createLogger({ level: 'silent' });
    const db = openDatabase(databaseFile(env));
    migrate(db, { log });
    let peak = process.memoryUsage.rss();
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
    const started = performance.now();
    const importNow = createFeedImporter({ repo: createFeedsRepository(db), log, now: Date.now, env });
    const outcome = await importNow('newpharma', feedFile);
    const importSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    closeDatabase(db);
    if (outcome.outcome !== 'imported') throw new Error('the bench feed was not imported');

    // The stored feed is fresh: the server does not import it again at start.
    const server = await startServer(env, { log });
    try {
      const queries = Array.from(
        { length: size.searches },
        (_, i) => `${BRANDS[i % BRANDS.length]} ${WORDS[i % WORDS.length]} ${i}`,
      );
      await timeSearch(server.url, 'warm up');
      // Each query is new: answered by the feed connector from SQLite (then cached).
      const feed: number[] = [];
      for (const q of queries) feed.push(await timeSearch(server.url, q));
      // The first query again, over and over: served from the search cache.
      const cached: number[] = [];
      for (let i = 0; i < size.searches; i++) cached.push(await timeSearch(server.url, queries[0]!));
      return {
        items: outcome.items,
        importSeconds,
        peakRssMb: Math.round(peak / 1024 / 1024),
        feedMedianMs: median(feed),
        feedP99Ms: percentile(feed, 99),
        cachedMedianMs: median(cached),
        cachedP99Ms: percentile(cached, 99),
      };
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatFeedBench(r: FeedBenchResult): string {
  const ms = (n: number) => n.toFixed(1);
  return [
    `feed import: ${r.items} items (Google RSS) in ${r.importSeconds.toFixed(1)} s, peak RSS ${r.peakRssMb} MB`,
    `feed name search (JSON, fresh query answered from SQLite): median ${ms(r.feedMedianMs)} ms, p99 ${ms(r.feedP99Ms)} ms; ` +
      `cached search: median ${ms(r.cachedMedianMs)} ms, p99 ${ms(r.cachedP99Ms)} ms; ratio feed ÷ cached: median ` +
      `${(r.feedMedianMs / r.cachedMedianMs).toFixed(2)}, p99 ${(r.feedP99Ms / r.cachedP99Ms).toFixed(2)}`,
  ].join('\n');
}
