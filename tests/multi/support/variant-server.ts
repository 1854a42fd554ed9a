/**
 * A server process on a deliberately broken store (STOCKROOM_TEST_VARIANT, see
 * tests/support/broken-stores/open.ts), to prove the multi-process suites can see a duplicate or a
 * lost receipt at all. Prints the same line as src/server/main.ts.
 */
import { startServer } from '../../../src/server/start';
import { isBrokenVariant, openBrokenStore } from '../../support/broken-stores/open';

const variant = process.env['STOCKROOM_TEST_VARIANT'];
if (!isBrokenVariant(variant)) {
  console.error(`STOCKROOM_TEST_VARIANT must name a broken variant, not ${String(variant)}`);
  process.exit(1);
}

startServer(process.env, { openStore: (settings) => openBrokenStore(settings, variant) }).then(
  (server) => {
    console.log(`Stockroom listening on ${server.url}`);
    process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
