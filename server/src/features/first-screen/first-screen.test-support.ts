/** Helpers shared by the first-screen API tests (not a test file itself). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createFakeWebDist } from '../../../test/helpers/test-server';
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
