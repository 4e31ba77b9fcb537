#!/usr/bin/env bash
# `npm test`: everything CI checks. Needs the machine's PostgreSQL (127.0.0.1:5432) and Redis
# (127.0.0.1:6379). Chromium and ffmpeg are the system's when installed, else the ones shipped in npm
# dev dependencies (e2e/support/chromium.ts, apps/server/tests/helpers/video-tools.ts). Nothing here
# is skipped. docs/testing.md says which layer tests what.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# How busy the machine's cores were over a phase, from /proc/stat (Linux): whether a phase waits (room
# for more parallel work) or is bound by the two cores. Prints nothing where /proc/stat is missing.
cpu_ticks() { [ -r /proc/stat ] && awk '/^cpu /{print $2+$3+$4+$6+$7+$8, $5}' /proc/stat || echo "0 0"; }
cpu_busy_since() {
  local busy0 idle0 busy1 idle1
  read -r busy0 idle0 <<<"$1"
  read -r busy1 idle1 <<<"$(cpu_ticks)"
  [ $((busy1 + idle1 - busy0 - idle0)) -gt 0 ] || return 0
  echo "cores busy $(((busy1 - busy0) * 100 / (busy1 + idle1 - busy0 - idle0)))%"
}

# Per-file timings of every lane (Vitest's and Playwright's JSON reporters), read at the end.
timings=test-timings
rm -rf "$timings"
mkdir -p "$timings"
logs="$(mktemp -d)"
# The cores' use every 10 s over the whole run (test-timings/vmstat.log), where vmstat exists.
sampler=
if command -v vmstat >/dev/null 2>&1; then
  vmstat -n -t 10 >"$timings/vmstat.log" 2>/dev/null &
  sampler=$!
fi
trap 'rm -rf "$logs"; [ -z "$sampler" ] || kill "$sampler" 2>/dev/null || true' EXIT

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
# $2: the lane's Vitest workers. With one each, whichever API lane ended last ran alone with a core
# idle (test-timings/vmstat.log); two each keep both cores busy to the end (docs/testing.md, "CI's time").
api_lane() {
  step "API tests on $1 (apps/server/test-lanes.ts says which files run on both engines)"
  TEST_DB="$1" npx vitest run --project server --maxWorkers="$2" --reporter=default --reporter=json \
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
  lane_pids+=($!)
}

step "static checks, API tests on SQLite and on PostgreSQL, web unit tests and build: four lanes in parallel"
lanes_cpu="$(cpu_ticks)"
lane_pids=()
lane static static_lane
lane sqlite api_lane sqlite 2
lane postgres api_lane postgres 2
lane web web_lane
# The lanes only: a bare `wait` would also wait for the vmstat sampler, which never ends.
wait "${lane_pids[@]}"

failed=()
summary=()
for name in static sqlite postgres web; do
  read -r status took <"$logs/$name.status"
  summary+=("$name ${took}s (exit $status)")
  if [ "$status" -eq 0 ]; then cat "$logs/$name.log"; else failed+=("$name"); fi
done
# A failed lane's log comes last, so that the end of CI's output (often all that is kept) shows
# what failed; its failing tests are named again under the summary.
for name in "${failed[@]}"; do cat "$logs/$name.log"; done
step "lanes: ${summary[*]}; $(cpu_busy_since "$lanes_cpu")"
if [ ${#failed[@]} -gt 0 ]; then
  for name in "${failed[@]}"; do
    echo "Failed in the $name lane:"
    sed 's/\x1b\[[0-9;]*m//g' "$logs/$name.log" | grep -E '^ *(FAIL|×) |Error: |error TS[0-9]+|error module-through|^ *× ' | sort -u | head -40 || true
  done
  echo "Failed lanes: ${failed[*]}" >&2
  exit 1
fi

step "browser journeys (Playwright in Chromium)"
started=$SECONDS
journeys_cpu="$(cpu_ticks)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$timings/journeys.json" npx playwright test --reporter=list,json
echo "journeys $((SECONDS - started))s; $(cpu_busy_since "$journeys_cpu")"

step "slowest test files"
node scripts/slowest-tests.mjs "$timings" 10
