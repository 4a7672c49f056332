import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSpawned, spawnMain, waitForOutput, waitForUrl } from './main-process.test-support';

afterEach(cleanupSpawned);

describe('main.ts process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('serves, then exits 0 on %s after closing the database', async (signal) => {
    const spawned = spawnMain({});
    const url = await waitForUrl(spawned);
    const health = await fetch(`${url}/api/health/`);
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'ok' });
    spawned.child.kill(signal);
    expect(await spawned.exit).toBe(0);
    expect(spawned.output()).toMatch(/shutting down signal=SIG(TERM|INT)/);
    expect(spawned.output()).toContain('stopped');
    expect(existsSync(join(spawned.dataDir, 'pharmaradar.db'))).toBe(true);
    // A clean close checkpoints and removes the write-ahead log.
    expect(existsSync(join(spawned.dataDir, 'pharmaradar.db-wal'))).toBe(false);
  });

  it('prints the offending variable and exits 1 on bad configuration', async () => {
    const spawned = spawnMain({ PORT: 'abc', RETAILERS_MODE: 'foo' });
    expect(await spawned.exit).toBe(1);
    expect(spawned.output()).toMatch(/PORT: must be a whole number/);
    expect(spawned.output()).toMatch(/RETAILERS_MODE: must be demo or live/);
  });

  it('exits 1 in live mode without the Stripe keys, naming them (ADR 123)', async () => {
    const spawned = spawnMain({ RETAILERS_MODE: 'live', RETAILERS: 'farmaline' });
    expect(await spawned.exit).toBe(1);
    expect(spawned.output()).toMatch(/STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO_MONTHLY: must be set/);
    expect(spawned.output()).not.toContain('PharmaRadar listening');
  });

  it('exits 1 with a clear message when the port is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const spawned = spawnMain({ PORT: String(port) });
      expect(await spawned.exit).toBe(1);
      expect(spawned.output()).toMatch(/server failed to start .*EADDRINUSE/);
    } finally {
      blocker.close();
    }
  });

  it('logs an uncaught exception and an unhandled rejection, and keeps serving', async () => {
    // The preload exists only in this test: production code has no route or flag that throws.
    const spawned = spawnMain({}, { preload: ['./src/async-throw.test-support.ts'] });
    const url = await waitForUrl(spawned);
    spawned.child.kill('SIGUSR2');
    await waitForOutput(spawned, /ERROR uncaught exception .*boom: uncaught test exception/);
    await waitForOutput(spawned, /ERROR unhandled promise rejection .*boom: unhandled test rejection/);

    const health = await fetch(`${url}/api/health/`);
    expect(health.status).toBe(200);
    const healthText = await health.text();
    expect(JSON.parse(healthText)).toMatchObject({ status: 'ok', db: 'ok' });
    const missing = await fetch(`${url}/api/no-such-route/`);
    const missingText = await missing.text();
    for (const text of [healthText, missingText]) {
      expect(text).not.toContain('boom');
      expect(text).not.toMatch(/\bat .*\.ts:\d+/);
    }
    expect(spawned.child.exitCode).toBeNull();

    spawned.child.kill('SIGTERM');
    expect(await spawned.exit).toBe(0);
  });
});
