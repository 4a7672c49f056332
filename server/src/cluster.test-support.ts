import { afterAll, beforeAll } from 'vitest';
import { startCountingDemo, type CountingDemo } from './demo/counting-demo';
import {
  CLUSTER_STRIPE_SETTINGS,
  cleanupSpawned,
  spawnMain,
  waitForUrl,
  type SpawnedMain,
} from './main-process.test-support';

export interface ClusterUnderTest {
  shops: CountingDemo;
  spawned: SpawnedMain;
  base: string;
}

/**
 * One built server with `WEB_CONCURRENCY` processes in front of counting demo shops, started once for
 * the suite and stopped after it. Kept apart from main-process.test-support, which the e2e workspace
 * imports, so that vitest's hooks stay out of it.
 */
export function useCluster(options: {
  processes: string;
  latencyMs: Record<'farmaline' | 'medimarket' | 'multipharma', number>;
  env?: Record<string, string>;
}): ClusterUnderTest {
  const cluster = {} as ClusterUnderTest;
  beforeAll(async () => {
    cluster.shops = await startCountingDemo({ latencyMs: options.latencyMs });
    cluster.spawned = spawnMain({
      WEB_CONCURRENCY: options.processes,
      RETAILERS_MODE: 'demo',
      ...options.env,
      ...CLUSTER_STRIPE_SETTINGS,
      ...cluster.shops.envOverrides,
    });
    cluster.base = await waitForUrl(cluster.spawned);
  }, 120_000);
  afterAll(async () => {
    await cleanupSpawned();
    await cluster.shops?.close();
  });
  return cluster;
}
