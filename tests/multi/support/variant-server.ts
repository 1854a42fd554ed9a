/**
 * A server process with a deliberately broken variant (STOCKROOM_TEST_VARIANT), to prove the
 * multi-process suites can see a duplicate at all. Prints the same line as src/server/main.ts.
 */
import { startServer, type TestHooks } from '../../../src/server/start';

const variant = process.env['STOCKROOM_TEST_VARIANT'];
const hooks: TestHooks =
  variant === 'no-dedup' || variant === 'receipt-outside-tx' ? { variant } : {};

startServer(process.env, hooks).then(
  (server) => {
    console.log(`Stockroom listening on ${server.url}`);
    process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
