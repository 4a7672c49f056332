#!/usr/bin/env bash
# The unit and API tests on Node 24 (or the major given), the version operators run (ADR 173), with
# the Node binary published on the npm registry: the node-<platform>-<arch> package that
# `npx -p node@24` installs. Nothing is rebuilt: on Node 22+ the server opens SQLite through
# better-sqlite3 13, whose Node-API binary ships inside its npm package. Extra arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
MAJOR="${NODE_MAJOR:-24}"
PLATFORM="$(node -p 'process.platform + "-" + process.arch')"
PREFIX="${TMPDIR:-/tmp}/pharmaradar-node${MAJOR}"
npm install --prefix "$PREFIX" --no-save --no-package-lock --no-audit --no-fund "node-${PLATFORM}@${MAJOR}" >/dev/null
NODE_BIN="$PREFIX/node_modules/node-${PLATFORM}/bin"
echo "Unit and API tests on Node $("$NODE_BIN/node" --version), from the npm registry"
PATH="$NODE_BIN:$PATH" npx vitest run "$@"
