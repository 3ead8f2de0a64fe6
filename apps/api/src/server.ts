import { serve } from "@hono/node-server";
import { loadEnvOrExit } from "@repo/contracts/env";
import { openDatabase } from "@repo/db";
import { seedDemoData } from "@repo/db/seed";
import { createApp } from "./app";
import { apiEnvSchema } from "./env";
import { createLogger } from "./logger";
import { version } from "./version";

const env = loadEnvOrExit("api", apiEnvSchema);
const logger = createLogger(env.LOG_LEVEL);

async function main() {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  logger.info(
    { driver: database.driver, data_dir: database.driver === "pglite" ? env.DATA_DIR : undefined },
    "database ready, migrations applied",
  );

  const seed = env.SEED_DEMO === "true" || (env.SEED_DEMO === "auto" && env.NODE_ENV !== "production");
  if (seed && (await seedDemoData(database.db, env.DEMO_PASSWORD)))
    logger.info("demo data loaded into the empty database");

  const app = createApp({ services: { database }, logger, version });
  const server = serve({ fetch: app.fetch, port: env.API_PORT, hostname: env.API_HOST }, (info) => {
    logger.info({ port: info.port, host: env.API_HOST }, `API listening on http://${env.API_HOST}:${info.port}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("grace period over, exiting with requests still open");
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting and waits for open requests; idle keep-alive sockets are dropped.
    server.close(async () => {
      await database.close();
      logger.info("stopped cleanly");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, "API failed to start");
  process.exit(1);
});
