import { configFromEnv, misspelledSettings } from '../service/config.js';
import { buildApp } from './app.js';
import { lowerRenderThreads } from './thread-priority.js';

/** How long a graceful shutdown may take before the process gives up on in-flight work. */
const SHUTDOWN_DEADLINE_MS = 30_000;

/** Starts the service on HOST:PORT and shuts down gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const app = await buildApp(config);
  for (const { name, meant } of misspelledSettings()) {
    app.log.warn(`${name} is not a glyphcast setting, so it is ignored: did you mean ${meant.join(' or ')}?`);
  }
  const shutdown = async (signal: string) => {
    console.log(`glyphcast: ${signal}, finishing in-flight requests`);
    setTimeout(() => {
      console.error(`glyphcast: shutdown took longer than ${SHUTDOWN_DEADLINE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  const address = await app.listen({ host: config.host, port: config.port });
  lowerRenderThreads(config.renderThreadNice);
  console.log(`glyphcast listening on ${address}`);
}

main().catch((err: unknown) => {
  console.error(`glyphcast: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
