/**
 * Builds the release tests/e2e/upgrade.test.ts upgrades from into node_modules/.cache, where that
 * test finds it (tests/e2e/support/previous-release.ts). The first `npm test` of a fresh clone does
 * this itself (about 40 s of that test); CI does it beforehand, as it installs the dependencies, so
 * its test run times what a developer's checkout runs.
 */
import { builtPrevious, PREVIOUS_RELEASE } from '../tests/e2e/support/previous-release';

const cleanups: (() => Promise<unknown>)[] = [];
try {
  const dir = await builtPrevious(cleanups);
  console.log(`the previous release (${PREVIOUS_RELEASE.slice(0, 7)}) is built in ${dir}`);
} finally {
  for (const c of cleanups.reverse()) await c();
}
