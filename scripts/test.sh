#!/usr/bin/env bash
# `npm test`: everything CI checks, fastest first. Needs the machine's PostgreSQL (127.0.0.1:5432) and
# Redis (127.0.0.1:6379). Chromium and ffmpeg are the system's when installed, else the ones shipped in
# npm dev dependencies (e2e/support/chromium.ts, apps/server/tests/helpers/video-tools.ts). Nothing here
# is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "lint and format (biome)"
npx biome check .

step "import boundaries (dependency-cruiser: docs/architecture.md's one-way arrows)"
npm run lint:boundaries --silent

step "typecheck (tsc, strict)"
npm run typecheck --silent

step "unit tests (contract, test support)"
npx vitest run --project contract --project e2e-support

# Three lanes run side by side, each test making its own database, Redis prefix and ports: the API
# suite on SQLite, the API suite on PostgreSQL (without the files that do not depend on the engine:
# apps/server/vitest.config.ts, `engineIndependent`), and the web app's unit tests and production
# build. Much of their time is waiting on argon2, PostgreSQL and sockets, so together they take little
# more than the longest. The journeys come after, alone: a browser beside two API suites on two cores
# makes every lane slower (measured: with the journeys beside them, the PostgreSQL lane had run half
# its files after 36 minutes).
step "API tests on SQLite and on PostgreSQL, web unit tests and build: three lanes in parallel"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
web_lane() {
  step "web unit tests (jsdom)"
  npx vitest run --project web
  step "production build (compiled server, web app)"
  npm run build --silent
}
TEST_DB=sqlite npx vitest run --project server >"$logs/sqlite.log" 2>&1 &
sqlite_pid=$!
TEST_DB=postgres npx vitest run --project server >"$logs/postgres.log" 2>&1 &
postgres_pid=$!
(set -euo pipefail; web_lane) >"$logs/web.log" 2>&1 &
web_pid=$!
sqlite_status=0 && wait "$sqlite_pid" || sqlite_status=$?
postgres_status=0 && wait "$postgres_pid" || postgres_status=$?
web_status=0 && wait "$web_pid" || web_status=$?
step "API tests on SQLite"
cat "$logs/sqlite.log"
step "API tests on PostgreSQL (engine-independent files ran on SQLite only)"
cat "$logs/postgres.log"
cat "$logs/web.log"
if [ "$sqlite_status" -ne 0 ] || [ "$postgres_status" -ne 0 ] || [ "$web_status" -ne 0 ]; then
  echo "Failed: API tests on SQLite exit $sqlite_status, on PostgreSQL exit $postgres_status; web tests and build exit $web_status" >&2
  exit 1
fi

step "browser journeys (Playwright in Chromium)"
npx playwright test
