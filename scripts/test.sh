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

step "API tests on SQLite"
TEST_DB=sqlite npx vitest run --project server

step "API tests on PostgreSQL"
TEST_DB=postgres npx vitest run --project server

step "web unit tests (jsdom)"
npx vitest run --project web

step "production build (compiled server, web app)"
npm run build --silent

step "browser journeys (Playwright in Chromium)"
npx playwright test
