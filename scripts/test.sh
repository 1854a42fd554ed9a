#!/usr/bin/env bash
# npm test (docs/testing.md#where-the-time-goes): the vitest projects in one run, so a browser
# file waiting for its page leaves the core to a main file; the type check and the lint run beside
# them at a lower priority and fill the moments the tests wait. Their output follows the tests'.
set -uo pipefail
cd "$(dirname "$0")/.."
typecheck_log="$(mktemp)"
lint_log="$(mktemp)"
trap 'rm -f "$typecheck_log" "$lint_log"' EXIT
nice -n 10 npm run typecheck >"$typecheck_log" 2>&1 &
typecheck=$!
nice -n 10 npm run lint >"$lint_log" 2>&1 &
lint=$!
npx vitest run
tests_status=$?
wait "$typecheck"
typecheck_status=$?
wait "$lint"
lint_status=$?
cat "$lint_log" "$typecheck_log"
if [ "$tests_status" -ne 0 ] || [ "$typecheck_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then
  exit 1
fi
