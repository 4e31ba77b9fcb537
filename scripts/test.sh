#!/usr/bin/env bash
# `npm test`: everything CI checks. Needs the machine's PostgreSQL (127.0.0.1:5432) and Redis
# (127.0.0.1:6379). Chromium and ffmpeg are the system's when installed, else the ones shipped in npm
# dev dependencies (e2e/support/chromium.ts, apps/server/tests/helpers/video-tools.ts). Nothing here
# is skipped. docs/testing.md says which layer tests what.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# Per-file timings of every lane (Vitest's and Playwright's JSON reporters), read at the end.
timings=test-timings
rm -rf "$timings"
mkdir -p "$timings"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

# Four lanes side by side, each test making its own database, Redis prefix and ports. Much of their
# time is waiting on argon2, PostgreSQL and sockets, so together they take little more than the
# longest. The journeys come after, alone: a browser beside two API suites on two cores makes every
# lane slower (by how much: decision 044, "Measurements").
static_lane() {
  step "lint and format (biome)"
  npx biome check .
  step "import boundaries (dependency-cruiser: docs/architecture.md's one-way arrows)"
  npm run lint:boundaries --silent
  step "typecheck (tsc, strict)"
  npm run typecheck --silent
  step "unit tests (contract, test support)"
  npx vitest run --project contract --project e2e-support --reporter=default --reporter=json \
    --outputFile.json="$timings/unit.json"
}
web_lane() {
  step "web unit tests (jsdom)"
  npx vitest run --project web --project web-mocks --reporter=default --reporter=json --outputFile.json="$timings/web.json"
  step "production build (compiled server, web app)"
  npm run build --silent
}
api_lane() {
  step "API tests on $1 (apps/server/test-lanes.ts says which files run on both engines)"
  TEST_DB="$1" npx vitest run --project server --reporter=default --reporter=json \
    --outputFile.json="$timings/api-$1.json"
}

# Runs a lane in the background into its log, then writes its exit status and wall time beside it.
lane() {
  local name=$1
  shift
  (
    set +e
    started=$SECONDS
    (set -euo pipefail; "$@") >"$logs/$name.log" 2>&1
    status=$?
    echo "$status $((SECONDS - started))" >"$logs/$name.status"
  ) &
}

step "static checks, API tests on SQLite and on PostgreSQL, web unit tests and build: four lanes in parallel"
lane static static_lane
lane sqlite api_lane sqlite
lane postgres api_lane postgres
lane web web_lane
wait

failed=()
summary=()
for name in static sqlite postgres web; do
  cat "$logs/$name.log"
  read -r status took <"$logs/$name.status"
  summary+=("$name ${took}s (exit $status)")
  [ "$status" -eq 0 ] || failed+=("$name")
done
step "lanes: ${summary[*]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed lanes: ${failed[*]}" >&2
  exit 1
fi

step "browser journeys (Playwright in Chromium)"
started=$SECONDS
PLAYWRIGHT_JSON_OUTPUT_NAME="$timings/journeys.json" npx playwright test --reporter=list,json
echo "journeys $((SECONDS - started))s"

step "slowest test files"
node scripts/slowest-tests.mjs "$timings" 10
