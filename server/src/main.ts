import './v8-settings.js';
import { build } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { listenFailure } from './lib/start-failures.js';

/** Starts the shop: reads the environment, migrates, seeds an empty catalog, listens. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await build({ config, seed: true });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining in-flight requests, then closing the database');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const told = listenFailure(error, config);
    if (!told) throw error;
    await app.close();
    console.error(told);
    process.exit(1);
  }
  app.log.info({ url: config.publicUrl, database: app.ctx.dbKind }, 'the shop is open');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
