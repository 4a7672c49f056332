#!/usr/bin/env bash
# The unit and API tests on Node 24 (or the major given), the version operators run (ADR 173), with
# the Node binary published on the npm registry: the node-<platform>-<arch> package that
# `npx -p node@24` installs. Nothing is rebuilt: on Node 22+ the server opens SQLite through
# better-sqlite3 13, whose Node-API binary ships inside its npm package. Only the projects whose code
# runs on an operator's Node are run again (shared, server and server-timed, and the journeys' Node-side
# helpers): the web project's components run in a browser, and its jsdom tests say nothing about the
# server's Node.
# Extra arguments go to vitest (a --project given there replaces these).
set -euo pipefail
cd "$(dirname "$0")/.."
MAJOR="${NODE_MAJOR:-24}"
PLATFORM="$(node -p 'process.platform + "-" + process.arch')"
PREFIX="${TMPDIR:-/tmp}/pharmaradar-node${MAJOR}"
npm install --prefix "$PREFIX" --no-save --no-package-lock --no-audit --no-fund "node-${PLATFORM}@${MAJOR}" >/dev/null
NODE_BIN="$PREFIX/node_modules/node-${PLATFORM}/bin"
echo "Unit and API tests on Node $("$NODE_BIN/node" --version), from the npm registry"
PROJECTS=(--project shared --project server --project server-timed --project e2e-support)
for arg in "$@"; do
  if [[ "$arg" == --project || "$arg" == --project=* ]]; then PROJECTS=(); fi
done
PATH="$NODE_BIN:$PATH" npx vitest run "${PROJECTS[@]}" "$@"
