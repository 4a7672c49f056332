/** Helpers shared by the first-screen API tests (not a test file itself). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createFakeWebDist, startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { firstScreenFile } from './first-screen-renderer';

/**
 * A fake web build in a new temporary folder, with `renderer` (an ES module's source) where the
 * real build puts its server-side renderer: the server then draws pages with the test's stand-in.
 * Answers the build's folder, for WEB_DIST_DIR.
 */
export function createDrawingWebDist(renderer: string): string {
  const distDir = createFakeWebDist(mkdtempSync(join(tmpdir(), 'pharmaradar-dist-')));
  const ssr = firstScreenFile(distDir);
  mkdirSync(dirname(ssr), { recursive: true });
  writeFileSync(ssr, renderer);
  return distDir;
}

/** Deletes a build made by createDrawingWebDist: its folder and the renderer's beside it. */
export function removeDrawingWebDist(distDir: string): void {
  rmSync(distDir, { recursive: true, force: true });
  rmSync(dirname(firstScreenFile(distDir)), { recursive: true, force: true });
}

export interface DrawnAndBare {
  /** A server whose build draws pages with the test's renderer. */
  server: TestServer;
  /** A server whose build has no renderer (an older one): pages go out as the bare app. */
  bare: TestServer;
}

/**
 * The two demo servers the first-screen suites compare, started once for the suite: one drawing with
 * `renderer` (after `prepare` touched its build, if given), one without a renderer.
 */
export function useDrawnAndBareServers(renderer: string, prepare?: (distDir: string) => void): DrawnAndBare {
  const servers = {} as DrawnAndBare;
  let distDir = '';
  beforeAll(async () => {
    distDir = createDrawingWebDist(renderer);
    prepare?.(distDir);
    servers.server = await startTestServer({ WEB_DIST_DIR: distDir, RETAILERS_MODE: 'demo' });
    servers.bare = await startTestServer({ RETAILERS_MODE: 'demo' });
  });
  afterAll(async () => {
    await servers.server?.close();
    await servers.bare?.close();
    removeDrawingWebDist(distDir);
  });
  return servers;
}
