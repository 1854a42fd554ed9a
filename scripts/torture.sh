#!/usr/bin/env bash
# npm run torture: every reliability suite of docs/testing.md#reliability-suites at its torture count (TORTURE=1),
# then the browser reliability scenarios 20 times over. Each vitest run ends with one summary line
# per suite (counts, seeds, time); a failure stops the run with the seed to replay it (SEED=n).
set -euo pipefail
cd "$(dirname "$0")/.."
export TORTURE=1
BROWSER_ROUNDS="${BROWSER_ROUNDS:-20}"
BROWSER_FILES=(
  tests/e2e/lost-response.test.ts
  tests/e2e/server-down.test.ts
  tests/e2e/two-tabs.test.ts
  tests/e2e/review.test.ts
  tests/e2e/background-sync.test.ts
)
start=$SECONDS
npx vitest run --project main --project isolated
for round in $(seq 1 "$BROWSER_ROUNDS"); do
  echo "== browser reliability scenarios, round $round of $BROWSER_ROUNDS"
  npx vitest run --project browser "${BROWSER_FILES[@]}"
done
echo "== torture passed: main suites at torture counts, browser scenarios ${BROWSER_ROUNDS}×, $((SECONDS - start)) s"
