import { loadEnvOrExit } from "@repo/contracts/env";
import { FAKE_PAYMENTS_WARNING } from "./domains/payments/gateway";
import { apiEnvSchema } from "./env";
import { createLogger } from "./logger";

// The environment is checked before the rest of the API loads (main.ts): a refusal answers in
// under a second instead of after every module is imported (decision 069).
const env = loadEnvOrExit("api", apiEnvSchema);
const logger = createLogger(env.LOG_LEVEL);
// Production with the demo gateway: allowed only by name, and said at every start (decision 044).
const fakePayments = env.NODE_ENV === "production" && env.PAYMENT_PROVIDER === "demo";
if (fakePayments) logger.warn({ payment_provider: "demo" }, FAKE_PAYMENTS_WARNING);

import("./main")
  .then(({ main }) => main(env, logger, fakePayments))
  .catch((error: unknown) => {
    logger.fatal({ err: error }, "API failed to start");
    process.exit(1);
  });
