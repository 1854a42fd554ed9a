#!/usr/bin/env bash
# npm test (docs/testing.md#where-the-time-goes): the type check beside the lint, each keeping one
# of two cores busy; then both vitest projects in one run, so a browser file waiting for its page
# leaves the core to a main file. The type check's output follows the lint's.
set -uo pipefail
cd "$(dirname "$0")/.."
typecheck_log="$(mktemp)"
trap 'rm -f "$typecheck_log"' EXIT
npm run typecheck >"$typecheck_log" 2>&1 &
typecheck=$!
npm run lint
lint_status=$?
wait "$typecheck"
typecheck_status=$?
cat "$typecheck_log"
if [ "$typecheck_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then exit 1; fi
set -e
npx vitest run
