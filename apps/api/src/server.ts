import { loadEnvOrExit } from "@repo/contracts/env";
import { sendsHsts } from "@repo/contracts/security-headers";
import { openDatabase, queryRows } from "@repo/db";
import { openReadReplica } from "@repo/db/read-replica";
import { seedDemoData } from "@repo/db/seed";
import { storageFromEnv } from "@repo/storage/config";
import { sql } from "drizzle-orm";
import { createApp } from "./app";
import { ensureBuiltInTemplates } from "./domains/mail/index";
import { FAKE_PAYMENTS_WARNING } from "./domains/payments/gateway";
import { seedDemoResults } from "./domains/results/demo";
import { apiEnvSchema } from "./env";
import { startServer } from "./lifecycle";
import { createLogger } from "./logger";
import { createServices, DEFAULT_CONFIG, startBackgroundWork } from "./services";
import { version } from "./version";

const env = loadEnvOrExit("api", apiEnvSchema);
const logger = createLogger(env.LOG_LEVEL);
// Production with the demo gateway: allowed only by name, and said at every start (decision 044).
const fakePayments = env.NODE_ENV === "production" && env.PAYMENT_PROVIDER === "demo";
if (fakePayments) logger.warn({ payment_provider: "demo" }, FAKE_PAYMENTS_WARNING);

async function main() {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    pooler: env.DATABASE_POOLER,
    directUrl: env.DATABASE_DIRECT_URL,
  });
  logger.info(
    { driver: database.driver, data_dir: database.driver === "pglite" ? env.DATA_DIR : undefined },
    "database ready, migrations applied",
  );
  if (env.DATABASE_POOLER === "pgbouncer") {
    // The pool sends no `-c jit=off` through PgBouncer: the pooler or the role must (decision 066).
    const [setting] = await queryRows<{ jit: string }>(database.db, sql`select current_setting('jit') as jit`);
    if (setting?.jit !== "off") {
      logger.warn(
        { jit: setting?.jit },
        "JIT is on behind PgBouncer: add connect_query='set jit = off' to PgBouncer's [databases] entry, or ALTER ROLE … SET jit = off (docs/decisions/066)",
      );
    }
  }

  // Reports may read a streaming replica (decision 067); the primary when DATABASE_READ_URL is unset.
  const readReplica = await openReadReplica(database, env.DATABASE_READ_URL);
  if (readReplica.separate) {
    if (readReplica.usable()) {
      logger.info(
        { replica_lag_ms: readReplica.lagMs() },
        "read replica ready: exports, region lists and result lists read it",
      );
    } else {
      logger.warn("read replica not answering or behind: reports read the primary until it catches up");
    }
  }

  const seed = env.SEED_DEMO === "true" || (env.SEED_DEMO === "auto" && env.NODE_ENV !== "production");
  if (seed && (await seedDemoData(database.db, env.DEMO_PASSWORD))) {
    logger.info("demo data loaded into the empty database");
    // Scored and ranked like an upload, so the scoring lives in the API, not in the seed.
    if (await seedDemoResults(database.db)) logger.info("demo results loaded");
  }

  const added = await ensureBuiltInTemplates(database.db);
  if (added > 0) logger.info({ templates: added }, "built-in mail templates added");

  const storage = storageFromEnv(env);
  await storage.probe();
  logger.info({ storage: storage.where }, "file storage ready");

  const services = createServices(database, {
    uploadDir: env.UPLOAD_DIR,
    storage,
    readReplica,
    config: {
      sessionIdleHours: env.SESSION_IDLE_HOURS,
      trustedProxies: env.TRUSTED_PROXIES,
      loginLimitPerClient: env.LOGIN_LIMIT_PER_CLIENT,
      companyLogoUrl: env.COMPANY_LOGO_URL ?? null,
      schoolOrigin: env.SCHOOL_ORIGIN,
      otherAppOrigins: {
        coordinator: env.COORDINATOR_ORIGIN,
        papersetter: env.PAPERSETTER_ORIGIN,
        outbox: env.OUTBOX_ORIGIN,
      },
      // The portal's public origin says whether it is served over https.
      hsts: sendsHsts(env.NODE_ENV, env.SCHOOL_ORIGIN),
      contactAdminEmail: env.CONTACT_ADMIN_EMAIL,
      chromiumPath: env.CHROMIUM_PATH,
      metricsToken: env.METRICS_TOKEN ?? null,
      payments: {
        provider: env.PAYMENT_PROVIDER,
        demoSecret: env.DEMO_GATEWAY_SECRET,
        warnEachPayment: fakePayments,
        razorpay:
          env.PAYMENT_PROVIDER === "razorpay"
            ? {
                keyId: env.RAZORPAY_KEY_ID ?? "",
                keySecret: env.RAZORPAY_KEY_SECRET ?? "",
                webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? "",
                apiUrl: env.RAZORPAY_API_URL,
              }
            : null,
      },
      invoiceIssuer: {
        ...DEFAULT_CONFIG.invoiceIssuer,
        email: env.CONTACT_ADMIN_EMAIL,
        ...(env.INVOICE_ISSUER_NAME ? { name: env.INVOICE_ISSUER_NAME } : {}),
        ...(env.INVOICE_ISSUER_ADDRESS?.length ? { address: env.INVOICE_ISSUER_ADDRESS } : {}),
        ...(env.INVOICE_ISSUER_TAX_ID ? { taxId: env.INVOICE_ISSUER_TAX_ID } : {}),
        ...(env.INVOICE_TAX_RATE_PERCENT !== undefined ? { taxRateBasisPoints: env.INVOICE_TAX_RATE_PERCENT } : {}),
      },
      mail: {
        smtpUrl: env.SMTP_URL ?? null,
        from: env.MAIL_FROM,
        ratePerMinute: env.MAIL_RATE_PER_MINUTE,
        maxAttempts: env.MAIL_MAX_ATTEMPTS,
        retryBaseSeconds: env.MAIL_RETRY_BASE_SECONDS,
      },
      sms: {
        provider: env.SMS_PROVIDER,
        url: env.SMS_GATEWAY_URL ?? null,
        authKey: env.SMS_AUTH_KEY,
        senderId: env.SMS_SENDER_ID,
        templates: env.SMS_TEMPLATES,
        maxAttempts: env.SMS_MAX_ATTEMPTS,
        retryBaseSeconds: env.SMS_RETRY_BASE_SECONDS,
      },
    },
  });
  const stopBackgroundWork = startBackgroundWork(services, logger);
  const app = createApp({ services, logger, version });
  const server = await startServer({
    fetch: app.fetch,
    port: env.API_PORT,
    hostname: env.API_HOST,
    logger,
    graceMs: env.SHUTDOWN_GRACE_MS,
    onClosed: async () => {
      await stopBackgroundWork();
      await services.pdf.close();
      await readReplica.close();
      await database.close();
    },
  });
  logger.info({ port: server.port, host: env.API_HOST }, `API listening on http://${env.API_HOST}:${server.port}`);

  const stop = (signal: NodeJS.Signals) => {
    void server.stop(signal).then((clean) => process.exit(clean ? 0 : 1));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, "API failed to start");
  process.exit(1);
});
