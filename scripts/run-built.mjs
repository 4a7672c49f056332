#!/usr/bin/env node
// `npm run backup`, `npm run smoke -- <url>`, …: runs a server command from its built JavaScript
// (server/dist/<entry>.js), rebuilding first when the sources are newer (ADR 175), so that the same
// command works in development (sources edited a second ago) and in production (no tsx, no esbuild).
// Usage: node scripts/run-built.mjs <entry relative to server/src, without .ts> [arguments…]
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, SERVER_DIST } from './server-build.mjs';

const [entry] = process.argv.splice(2, 1);
const file = entry ? path.join(SERVER_DIST, `${entry}.js`) : '';
await ensureServerBuild({ log: (line) => console.error(line) });
if (!entry || !existsSync(file)) {
  console.error(`No built command ${entry ? `server/dist/${entry}.js` : '(none given)'}: run \`npm run build\`.`);
  process.exit(2);
}
// The command reads its own arguments from process.argv.slice(2), as when it is run directly.
process.argv[1] = file;
await import(pathToFileURL(file).href);
