import { logLevelVar, nodeEnvVar, portVar } from "@repo/contracts/env";
import { z } from "zod";

/** The API's whole configuration. Parsed once at start-up; a bad value stops the process. */
export const apiEnvSchema = z.object({
  NODE_ENV: nodeEnvVar,
  API_PORT: portVar(4000),
  API_HOST: z.string().min(1, "must be a host name or address").default("127.0.0.1"),
  /** PostgreSQL server; when unset the API uses embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1, "must be a folder path").default(".data/pglite"),
  /** Load demo data when the database has no users (on by default outside production). */
  SEED_DEMO: z.enum(["auto", "true", "false"], { error: "must be auto, true or false" }).default("auto"),
  DEMO_PASSWORD: z.string().min(8, "must be at least 8 characters").default("Demo@12345"),
  LOG_LEVEL: logLevelVar,
  /** Folder for uploaded files (profile photos…); never served directly. */
  UPLOAD_DIR: z.string().min(1, "must be a folder path").default(".data/uploads"),
  /** Comma-separated addresses whose X-Forwarded-For is believed (the app servers, a load balancer). */
  TRUSTED_PROXIES: z
    .string()
    .default("127.0.0.1,::1")
    .transform((value) =>
      value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  SESSION_IDLE_HOURS: z
    .string()
    .default("12")
    .pipe(
      z.coerce
        .number<string>()
        .int("must be a whole number of hours")
        .min(1, "must be at least 1")
        .max(720, "must be at most 720"),
    ),
  /** Sign-in attempts allowed per client address per minute (429 beyond). */
  LOGIN_LIMIT_PER_CLIENT: z
    .string()
    .default("20")
    .pipe(z.coerce.number<string>().int("must be a whole number").min(1, "must be at least 1")),
  COMPANY_LOGO_URL: z.url({ error: "must be an absolute URL" }).optional(),
  /** How long in-flight requests may take to finish after SIGTERM before the process exits. */
  SHUTDOWN_GRACE_MS: z
    .string()
    .default("10000")
    .pipe(z.coerce.number<string>().int("must be a whole number of milliseconds").min(0, "must be 0 or more")),
});

export type ApiEnv = z.output<typeof apiEnvSchema>;
