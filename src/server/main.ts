/** `npm start`: the server process. Prints one line when listening; SIGTERM finishes in-flight work. */
import { ConfigError, startServer } from './start';

try {
  const server = await startServer(process.env);
  console.log(`Stockroom listening on ${server.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Stockroom stopping (${signal}): finishing in-flight work`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
